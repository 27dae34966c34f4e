/** The PostgreSQL error under a driver or Drizzle wrapper, if any. */
export type TPgError = { code: string; constraint?: string | undefined };

export function findPgError(error: unknown): TPgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** The violated unique constraint's name when the error is SQLSTATE 23505, else undefined. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = findPgError(error);
  if (pgError?.code !== '23505') {
    return undefined;
  }
  return pgError.constraint ?? '';
}
