import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, parseRetryAfter, postJson } from './api.ts';
import { getErrorMessage, isRetryableError } from './error-messages.ts';

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
    expect(getErrorMessage(error)).toContain('2 minutes');
    expect(isRetryableError(error)).toBe(false);
  });

  it('turns a failed fetch into a retryable network error', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'network_error' });
    expect(isRetryableError(error)).toBe(true);
  });

  it('copes with an error answer that is not JSON', async () => {
    mockFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = await postJson('/api/x', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_error' });
    expect(getErrorMessage(error)).toMatch(/our side/);
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
