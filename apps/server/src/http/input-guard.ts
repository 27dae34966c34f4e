import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './app-error';

/**
 * Hostile input ends in a 4xx on every route, present and future (issue 10, defect 3). Before any schema
 * runs, the parsed params, query and body are walked once:
 * - a NUL character in any string or key is refused: PostgreSQL cannot store it in text and answered 500;
 * - so are the bidirectional embedding and override controls (U+202A-U+202E): "Safe name \u202Egpj.exe" shows as
 *   "Safe name exe.jpg" to every reader of a product, a carrier or a message. The isolates (U+2066-U+2069) and
 *   the direction marks stay: they only keep a piece of text to itself, and the app's own dates carry them;
 * - an array longer than MAX_ARRAY_ITEMS is refused: a statement with that many parameters fails in the
 *   database, and a loop over it would hold the process. Schemas set their own, smaller limits.
 * Ids are limited at the contracts (zId: at most 18 digits, so always inside bigint).
 */
export const MAX_ARRAY_ITEMS = 1000;
const MAX_DEPTH = 32;
/** NUL, and the embedding and override controls LRE, RLE, PDF, LRO and RLO. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this pattern's purpose.
const REFUSED_CHARACTERS = /[\u0000\u202A-\u202E]/;

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

export const inputGuardPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    checkRequestInput(request);
  });
});
