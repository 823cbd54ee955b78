import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Reads a JSON body and validates it; malformed JSON and invalid fields become 400 AppErrors. */
export async function readJsonBody<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  if (!c.req.header('content-type')?.toLowerCase().startsWith('application/json')) {
    throw new AppError(
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
      415,
    );
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new AppError('invalid_json', 'The request body is not valid JSON.', 400);
  }
  const result = schema.safeParse(body);
  if (!result.success) throw AppError.validation(result.error);
  return result.data;
}
