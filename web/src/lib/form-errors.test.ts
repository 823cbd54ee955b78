import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api.ts';
import { setServerFieldErrors } from './form-errors.ts';

type Values = { name: string; email: string; password: string };

function badRequest(fields: Record<string, string>) {
  return new ApiError({ status: 400, code: 'validation_failed', message: 'Invalid input', fields });
}

describe('setServerFieldErrors', () => {
  it('sets the named fields the server answered for and focuses the first in the given order', () => {
    const setError = vi.fn();
    const error = badRequest({ password: 'Too short.', email: 'Not an address.', other: 'Ignored.' });
    expect(setServerFieldErrors<Values>(error, setError, ['name', 'email', 'password'])).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'Not an address.' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'Too short.' }, { shouldFocus: false }],
    ]);
  });

  it('sets nothing for an error without the form’s fields, or that is not an API error', () => {
    const setError = vi.fn();
    expect(setServerFieldErrors<Values>(badRequest({ other: 'x' }), setError, ['email'])).toBe(false);
    expect(setServerFieldErrors<Values>(new Error('offline'), setError, ['email'])).toBe(false);
    expect(setError).not.toHaveBeenCalled();
  });
});
