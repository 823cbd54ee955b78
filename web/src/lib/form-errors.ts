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
  return error instanceof ApiError && setFieldErrors(error.fields, setError, fields);
}

/**
 * The same for messages already read from the refusal (translated, or renamed as the form's
 * fields): each of `fields` that `messages` names gets its message, the first is focused.
 */
export function setFieldErrors<Values extends FieldValues>(
  messages: Readonly<Record<string, string>>,
  setError: UseFormSetError<Values>,
  fields: readonly Path<Values>[],
): boolean {
  const named = fields.filter((field) => messages[field]);
  for (const field of named) {
    setError(field, { type: 'server', message: messages[field] }, { shouldFocus: field === named[0] });
  }
  return named.length > 0;
}
