import type { ApiErrorBody } from '@firstday/common/api-error';

/** A failed API call: the server's error body, or a synthetic one when the network or the body failed. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Readonly<Record<string, string>>;
  /** Seconds from the Retry-After header of a 429 answer, when the server sent one. */
  readonly retryAfterSeconds: number | undefined;

  constructor({
    status,
    code,
    message,
    fields = {},
    retryAfterSeconds,
  }: {
    status: number;
    code: string;
    message: string;
    fields?: Record<string, string>;
    retryAfterSeconds?: number;
  }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Status 0 marks a request that never got an answer (offline, DNS, server down). */
export const NETWORK_ERROR_CODE = 'network_error';
/** An answer without our error body (a proxy's, a static server's). */
export const HTTP_ERROR_CODE = 'http_error';

/** Per-call options on top of fetch's: `redirectOnUnauthorized: false` for pages that only peek at a session. */
export type RequestOptions = RequestInit & { redirectOnUnauthorized?: boolean };

export async function getJson<T>(path: string, init?: RequestOptions): Promise<T> {
  return sendRequest<T>(path, { ...init, method: 'GET' });
}

export async function postJson<T>(path: string, body: unknown, init?: RequestOptions): Promise<T> {
  return sendJson<T>('POST', path, body, init);
}

export async function putJson<T>(path: string, body: unknown, init?: RequestOptions): Promise<T> {
  return sendJson<T>('PUT', path, body, init);
}

export async function patchJson<T>(path: string, body: unknown, init?: RequestOptions): Promise<T> {
  return sendJson<T>('PATCH', path, body, init);
}

export async function deleteJson<T>(path: string, init?: RequestOptions): Promise<T> {
  return sendRequest<T>(path, { ...init, method: 'DELETE' });
}

async function sendJson<T>(method: string, path: string, body: unknown, init?: RequestOptions): Promise<T> {
  return sendRequest<T>(path, {
    ...init,
    method,
    headers: { 'Content-Type': 'application/json', ...init?.headers },
    body: JSON.stringify(body),
  });
}

/** better-auth's own routes answer 401 for wrong credentials: never retry or redirect those. */
const AUTH_PATH_PREFIX = '/api/auth/';
const SESSION_PATH = '/api/auth/get-session';

type UnauthorizedHandler = (returnTo: string) => void;

function redirectToLogin(returnTo: string) {
  if (window.location.pathname === '/login') return;
  window.location.assign(`/login?redirect=${encodeURIComponent(returnTo)}`);
}

let unauthorizedHandler: UnauthorizedHandler = redirectToLogin;

/** Replaces what happens when a session is gone for good (tests; a router-aware navigation). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler ?? redirectToLogin;
}

let pendingSessionRefresh: Promise<boolean> | null = null;

/**
 * Asks the server for the session, which also refreshes the cookie when it is due. Parallel 401s
 * share one request so a page with several queries does not hammer the auth route.
 */
function refreshSession(): Promise<boolean> {
  pendingSessionRefresh ??= fetch(SESSION_PATH, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    .then(async (response) => response.ok && Boolean(await response.json()))
    .catch(() => false)
    .finally(() => {
      pendingSessionRefresh = null;
    });
  return pendingSessionRefresh;
}

async function sendRequest<T>(path: string, { redirectOnUnauthorized = true, ...init }: RequestOptions): Promise<T> {
  let response = await fetchOnce(path, init);
  if (response.status === 401 && !path.startsWith(AUTH_PATH_PREFIX)) {
    if (await refreshSession()) response = await fetchOnce(path, init);
    if (response.status === 401 && redirectOnUnauthorized) {
      const { pathname, search } = window.location;
      unauthorizedHandler(`${pathname}${search}`);
    }
  }
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function fetchOnce(path: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (cause) {
    // A caller that aborted on purpose wants the AbortError, not a network message.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'The request did not reach the server.' });
  }
}

/**
 * The API's error body (`ApiErrorBodySchema` in common), checked by hand: every page loads this
 * client, the landing page too, and zod would more than double its JavaScript.
 */
function readErrorBody(body: unknown): ApiErrorBody['error'] | undefined {
  const error = (body as Partial<ApiErrorBody> | null | undefined)?.error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') return undefined;
  const fields =
    error.fields && typeof error.fields === 'object'
      ? Object.fromEntries(Object.entries(error.fields).filter(([, text]) => typeof text === 'string'))
      : undefined;
  return { code: error.code, message: error.message, fields };
}

async function readApiError(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => undefined);
  return toApiError(
    { status: response.status, statusText: response.statusText, body },
    response.headers.get('Retry-After'),
  );
}

/** A failed answer as an ApiError, from its parsed body (also for requests sent without fetch: uploads). */
export function toApiError(
  response: { status: number; statusText: string; body: unknown },
  retryAfter: string | null,
): ApiError {
  const retryAfterSeconds = parseRetryAfter(retryAfter);
  const error = readErrorBody(response.body);
  if (error) {
    const { code, message, fields } = error;
    return new ApiError({ status: response.status, code, message, fields, retryAfterSeconds });
  }
  // Proxies and static servers answer without our error body; keep the status so callers can tell.
  return new ApiError({
    status: response.status,
    code: response.status === 429 ? 'rate_limited' : HTTP_ERROR_CODE,
    message: response.statusText || `HTTP ${response.status}`,
    retryAfterSeconds,
  });
}

/** Retry-After is either a number of seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
