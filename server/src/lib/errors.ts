import { getFieldErrors } from '@firstday/common/api-error';
import type { z } from 'zod';

/** The one error type the API throws; `toErrorBody` turns it into `{ error: { code, message, fields? } }`. */
export class AppError extends Error {
  readonly code: string;
  readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: string,
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

export function toErrorBody(error: AppError) {
  return { error: { code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) } };
}
