import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api.ts';

/**
 * Puts the server's field messages (a 400's `fields`) on a react-hook-form form, for the fields it
 * names, and focuses the first in the order given. Returns whether any was set: when none was, the
 * caller shows the error as a message for the whole form.
 */
export function setServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const named = fields.filter((field) => error.fields[field]);
  for (const field of named) {
    setError(field, { type: 'server', message: error.fields[field] }, { shouldFocus: field === named[0] });
  }
  return named.length > 0;
}
