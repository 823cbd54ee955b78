import { type ApiErrorCode, getFieldErrors } from '@firstday/common/api-error';
import type { z } from 'zod';

/**
 * The one error type the API throws; `toErrorBody` turns it into `{ error: { code, message, fields? } }`.
 * Its code is one of `API_ERROR_CODES` (common/src/api-error.ts), each worded by the web.
 */
export class AppError extends Error {
  readonly code: ApiErrorCode;
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ApiErrorCode,
    message: string,
    status: AppError['status'],
    options: { fields?: Record<string, string>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.status = status;
    this.fields = options.fields;
    this.headers = options.headers;
  }

  static validation(error: z.ZodError): AppError {
    return new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: getFieldErrors(error),
    });
  }

  static notFound(message = 'Not found.'): AppError {
    return new AppError('not_found', message, 404);
  }
}

/** Also for errors answered without throwing one (Hono's own, better-auth's, the mail client's unsubscribe). */
export function toErrorBody(error: Pick<AppError, 'code' | 'message' | 'fields'>) {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
