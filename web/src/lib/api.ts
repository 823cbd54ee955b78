import { ApiErrorBodySchema } from '@firstday/common/api-error';

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

export async function getJson<T>(path: string, init?: RequestInit): Promise<T> {
  return sendRequest<T>(path, { ...init, method: 'GET' });
}

export async function postJson<T>(path: string, body: unknown, init?: RequestInit): Promise<T> {
  return sendRequest<T>(path, {
    ...init,
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...init?.headers },
    body: JSON.stringify(body),
  });
}

async function sendRequest<T>(path: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...init.headers },
    });
  } catch (cause) {
    // A caller that aborted on purpose wants the AbortError, not a network message.
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError({ status: 0, code: NETWORK_ERROR_CODE, message: 'The request did not reach the server.' });
  }
  if (!response.ok) throw await readApiError(response);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

async function readApiError(response: Response): Promise<ApiError> {
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  const body = await response.json().catch(() => undefined);
  const parsed = ApiErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { code, message, fields } = parsed.data.error;
    return new ApiError({ status: response.status, code, message, fields, retryAfterSeconds });
  }
  // Proxies and static servers answer without our error body; keep the status so callers can tell.
  return new ApiError({
    status: response.status,
    code: response.status === 429 ? 'rate_limited' : 'http_error',
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
