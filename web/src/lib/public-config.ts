import type { PublicConfig } from '@firstday/common/config';
import { getJson } from './api.ts';

let configRequest: Promise<PublicConfig> | null = null;

/** `GET /api/config`, fetched once per page load; a failure is forgotten so the next call retries. */
export function getPublicConfig(): Promise<PublicConfig> {
  configRequest ??= getJson<PublicConfig>('/api/config').catch((error: unknown) => {
    configRequest = null;
    throw error;
  });
  return configRequest;
}
