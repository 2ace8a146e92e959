import { ERROR_CODES, type TErrorCode } from '@stem/contract/errors';

/** The one error type of the server: a stable code, a user-facing message and maybe the field. */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly status: number;
  readonly field: string | undefined;
  readonly headers: Record<string, string> | undefined;

  constructor(
    code: TErrorCode,
    message: string,
    options: { field?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code];
    this.field = options.field;
    this.headers = options.headers;
  }
}

export const notFound = (message = 'The requested resource was not found.') =>
  new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError('FORBIDDEN', message);
export const badRequest = (message: string, field?: string) =>
  new AppError('BAD_REQUEST', message, field ? { field } : {});
