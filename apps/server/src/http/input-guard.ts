import { V } from '@caravan/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { AppError } from './app-error';

/**
 * Hostile input ends in a 4xx on every route, present and future (issue 10, defect 3). Before any schema
 * runs, the parsed params, query and body are walked once:
 * - a NUL character in any string or key is refused: PostgreSQL cannot store it in text and answered 500;
 * - so are the bidirectional embedding and override controls (U+202A-U+202E): "Safe name \u202Egpj.exe" shows as
 *   "Safe name exe.jpg" to every reader of a product, a carrier or a message. The isolates (U+2066-U+2069) and
 *   the direction marks stay: they only keep a piece of text to itself, and the app's own dates carry them;
 * - so is half a surrogate pair (half an emoji, cut by a paste or a script): JSON carries it as "\ud83d", which
 *   PostgreSQL's json refuses, so a product description or an order's log answered 500 with nothing saved;
 * - an array longer than MAX_ARRAY_ITEMS is refused: a statement with that many parameters fails in the
 *   database, and a loop over it would hold the process. Schemas set their own, smaller limits.
 * Ids are limited at the contracts (zId: at most 18 digits, so always inside bigint).
 */
export const MAX_ARRAY_ITEMS = 1000;
const MAX_DEPTH = 32;
/** NUL, the embedding and override controls LRE, RLE, PDF, LRO and RLO, and a surrogate without its other half. */
const REFUSED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose.
  /[\u0000\u202A-\u202E]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type TProblem = { field: string; message: string };

function findProblem(value: unknown, path: string, depth: number): TProblem | null {
  if (typeof value === 'string') {
    return REFUSED_CHARACTERS.test(value) ? { field: path, message: 'nulCharacter' } : null;
  }
  if (!value || typeof value !== 'object') {
    return null;
  }
  if (depth > MAX_DEPTH) {
    return { field: path, message: 'tooDeep' };
  }
  if (Array.isArray(value)) {
    if (value.length > MAX_ARRAY_ITEMS) {
      return { field: path, message: 'tooManyItems' };
    }
    for (const [index, item] of value.entries()) {
      const problem = findProblem(item, path ? `${path}.${index}` : String(index), depth + 1);
      if (problem) {
        return problem;
      }
    }
    return null;
  }
  if (Buffer.isBuffer(value)) {
    return null;
  }
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const field = path ? `${path}.${key}` : key;
    if (REFUSED_CHARACTERS.test(key)) {
      return { field, message: 'nulCharacter' };
    }
    const problem = findProblem(item, field, depth + 1);
    if (problem) {
      return problem;
    }
  }
  return null;
}

export function checkRequestInput(request: FastifyRequest): void {
  for (const [context, value] of [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const) {
    const problem = findProblem(value, '', 0);
    if (problem) {
      throw new AppError('VALIDATION_FAILED', {
        fields: [problem],
        context,
      });
    }
  }
}

/** Query fields every /api/v1 call takes: the answer's language (http/language.ts). */
const QUERY_FIELDS_EVERYWHERE = new Set(['lang']);
/** Each route's query fields, read once from its schema; null where the schema is no plain object (not checked). */
const queryFieldsOfSchema = new WeakMap<object, ReadonlySet<string> | null>();
const NO_QUERY_FIELDS: ReadonlySet<string> = new Set();

function queryFieldsOf(schema: unknown): ReadonlySet<string> | null {
  if (!schema) {
    return NO_QUERY_FIELDS;
  }
  if (typeof schema !== 'object') {
    return null;
  }
  let fields = queryFieldsOfSchema.get(schema);
  if (fields === undefined) {
    fields = schema instanceof z.ZodObject ? new Set(Object.keys(schema.shape)) : null;
    queryFieldsOfSchema.set(schema, fields);
  }
  return fields;
}

/**
 * An /api/v1 query string takes only the fields its call names (a password or token put there by mistake is refused,
 * not ignored), each once: `?id=1&id=2` is refused as given twice, where the schema saw a list and said "required".
 */
export function checkApiQuery(request: FastifyRequest): void {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object' || !request.routeOptions.url?.startsWith('/api/v1/')) {
    return;
  }
  const schema = request.routeOptions.schema?.querystring;
  const fields = queryFieldsOf(schema);
  const problems: TProblem[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (fields && !fields.has(key) && !QUERY_FIELDS_EVERYWHERE.has(key)) {
      problems.push({ field: key, message: V.unknownField });
    } else if (Array.isArray(value) && !acceptsList(schema, key, value)) {
      problems.push({ field: key, message: V.repeatedParameter });
    }
  }
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', { fields: problems, context: 'querystring' });
  }
}

/** Whether the field of this query schema takes a list (then `?id=1&id=2` is how a client sends one). */
function acceptsList(schema: unknown, key: string, value: unknown[]): boolean {
  const field = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[key] : undefined;
  return field?.safeParse(value).success ?? false;
}

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    checkRequestInput(request);
    checkApiQuery(request);
  });
});
