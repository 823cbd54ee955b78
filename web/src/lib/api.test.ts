// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, getJson, parseRetryAfter, postJson, putJson, setUnauthorizedHandler } from './api.ts';
import { getErrorMessage, isRetryableError } from './error-messages.ts';
import { englishT } from './test-i18n.tsx';

function mockFetch(response: Response | Error) {
  const fetchMock = vi.fn(() => (response instanceof Error ? Promise.reject(response) : Promise.resolve(response)));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('postJson', () => {
  it('sends JSON and returns the parsed answer', async () => {
    const fetchMock = mockFetch(Response.json({ subscribed: true }));
    await expect(postJson('/api/emails/subscribe', { email: 'a@b.co' })).resolves.toEqual({ subscribed: true });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/emails/subscribe',
      expect.objectContaining({ method: 'POST', body: '{"email":"a@b.co"}' }),
    );
  });

  it('throws an ApiError with code and fields from the error body', async () => {
    mockFetch(
      Response.json(
        { error: { code: 'validation_failed', message: 'Invalid', fields: { email: 'Bad address' } } },
        { status: 400 },
      ),
    );
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'validation_failed', fields: { email: 'Bad address' } });
  });

  it('reads Retry-After on 429 and words it kindly', async () => {
    mockFetch(
      Response.json(
        { error: { code: 'rate_limited', message: 'Slow down' } },
        { status: 429, headers: { 'Retry-After': '120' } },
      ),
    );
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'rate_limited', retryAfterSeconds: 120 });
    expect(getErrorMessage(error, englishT)).toContain('2 minutes');
    expect(isRetryableError(error)).toBe(false);
  });

  it('turns a failed fetch into a retryable network error', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(isRetryableError(error)).toBe(true);
  });

  it('keeps only the status of an error body in another shape', async () => {
    mockFetch(Response.json({ error: 'boom', message: 'Bad' }, { status: 400, statusText: 'Bad Request' }));
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, code: 'http_error', message: 'Bad Request' });
  });

  it('copes with an error answer that is not JSON', async () => {
    mockFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect(getErrorMessage(error, englishT)).toMatch(/our side/);
  });
});

describe('parseRetryAfter', () => {
  it('accepts seconds and HTTP dates', () => {
    expect(parseRetryAfter('30')).toBe(30);
    expect(parseRetryAfter(new Date(90_000).toUTCString(), 0)).toBe(90);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
  });
});

describe('401 handling', () => {
  const unauthorized = () => Response.json({ error: { code: 'unauthorized', message: 'Sign in' } }, { status: 401 });

  function mockSequence(answers: Record<string, Array<() => Response>>) {
    const calls: string[] = [];
    const fetchMock = vi.fn((path: string) => {
      calls.push(path);
      const next = answers[path]?.shift();
      if (!next) throw new Error(`unexpected fetch ${path}`);
      return Promise.resolve(next());
    });
    vi.stubGlobal('fetch', fetchMock);
    return calls;
  }

  afterEach(() => {
    setUnauthorizedHandler(null);
    window.history.replaceState(null, '', '/');
  });

  it('refreshes the session and retries once when a session comes back', async () => {
    const calls = mockSequence({
      '/api/users/me': [unauthorized, () => Response.json({ name: 'Ada' })],
      '/api/auth/get-session': [() => Response.json({ session: { id: 's' }, user: { id: 'u' } })],
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(getJson('/api/users/me')).resolves.toEqual({ name: 'Ada' });
    expect(calls).toEqual(['/api/users/me', '/api/auth/get-session', '/api/users/me']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends the user to log in with the current path when no session comes back', async () => {
    window.history.replaceState(null, '', '/settings?tab=bank');
    const calls = mockSequence({
      '/api/users/me': [unauthorized],
      '/api/auth/get-session': [() => Response.json(null)],
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(getJson('/api/users/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(calls).toEqual(['/api/users/me', '/api/auth/get-session']);
    expect(onUnauthorized).toHaveBeenCalledWith('/settings?tab=bank');
  });

  it('retries only once: a second 401 after a refresh also goes to log in', async () => {
    const calls = mockSequence({
      '/api/account/settings': [unauthorized, unauthorized],
      '/api/auth/get-session': [() => Response.json({ session: { id: 's' }, user: { id: 'u' } })],
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(putJson('/api/account/settings', { name: 'A' })).rejects.toMatchObject({ status: 401 });
    expect(calls).toHaveLength(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('leaves auth routes alone: a wrong password is not a lost session', async () => {
    const calls = mockSequence({
      '/api/auth/sign-in/email': [
        () => Response.json({ error: { code: 'invalid_email_or_password', message: 'x' } }, { status: 401 }),
      ],
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(postJson('/api/auth/sign-in/email', {})).rejects.toMatchObject({ code: 'invalid_email_or_password' });
    expect(calls).toEqual(['/api/auth/sign-in/email']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('can skip the redirect for pages that only peek at a session', async () => {
    mockSequence({ '/api/users/me': [unauthorized], '/api/auth/get-session': [() => Response.json(null)] });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await expect(getJson('/api/users/me', { redirectOnUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one session refresh between parallel requests', async () => {
    const calls = mockSequence({
      '/api/a': [unauthorized, () => Response.json(1)],
      '/api/b': [unauthorized, () => Response.json(2)],
      '/api/auth/get-session': [() => Response.json({ session: { id: 's' }, user: { id: 'u' } })],
    });
    await expect(Promise.all([getJson('/api/a'), getJson('/api/b')])).resolves.toEqual([1, 2]);
    expect(calls.filter((path) => path === '/api/auth/get-session')).toHaveLength(1);
  });
});
