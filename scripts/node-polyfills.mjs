// Vitest 5's reporter calls Map.groupBy, which Node gained in 22; Node 20.19 (our minimum) lacks it.
if (typeof Map.groupBy !== 'function') {
  Map.groupBy = (items, keyOf) => {
    const groups = new Map();
    let index = 0;
    for (const item of items) {
      const key = keyOf(item, index++);
      const group = groups.get(key);
      if (group) {
        group.push(item);
      } else {
        groups.set(key, [item]);
      }
    }
    return groups;
  };
}
if (typeof Object.groupBy !== 'function') {
  Object.groupBy = (items, keyOf) => Object.fromEntries(Map.groupBy(items, keyOf));
}
