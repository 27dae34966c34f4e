/**
 * The day axis of a dashboard chart: month and day ("12-03"), the year being in the range above it and the whole
 * day in the tooltip, and when they do not all fit, every second or third label, evenly. Whole dates at the default
 * left one label out where the last two would touch (seven points, six labels, a day seemingly missing).
 */
export const DAY_AXIS = {
  tickFormatter: (day: string) => day.slice(5),
  interval: 'equidistantPreserveStart',
  tick: { fontSize: 11 },
} as const;
