import { QueryClient } from '@tanstack/react-query';
import { isRetryableError } from '../lib/error-messages.ts';

/** Retries only what may succeed a moment later (network, 5xx); a 401 or 400 will not change. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: (failureCount, error) => failureCount < 2 && isRetryableError(error) },
      mutations: { retry: false },
    },
  });
}
