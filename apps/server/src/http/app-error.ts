import { ERROR_STATUS, type TErrorCode } from '@caravan/contracts';

/**
 * The one error type services throw. The error handler turns it into the API envelope with the
 * message in the request's language; `params` fill placeholders such as {{min}}.
 */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: TErrorCode,
    readonly details?: Record<string, unknown>,
    readonly params?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
