import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

/**
 * The zod response serializer (checks every reply against its schema and drops unknown keys), with one
 * addition: a frozen payload is serialized once per route and then reused. Cached public catalogue answers
 * are frozen (TtlCache), so the hottest reads skip the schema walk and JSON.stringify, which took a
 * quarter of the server's time on product detail. Frozen means it cannot change, so its text cannot either.
 */
export const serializerCompiler: typeof zodSerializerCompiler = (route) => {
  const serialize = zodSerializerCompiler(route);
  const serialized = new WeakMap<object, string>();
  return (data) => {
    if (data === null || typeof data !== 'object' || !Object.isFrozen(data)) {
      return serialize(data);
    }
    const known = serialized.get(data);
    if (known !== undefined) {
      return known;
    }
    const text = serialize(data);
    serialized.set(data, text);
    return text;
  };
};
