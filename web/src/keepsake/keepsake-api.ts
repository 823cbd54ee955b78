import type { KeepsakeBook } from '@firstday/common/keepsake';
import { getJson } from '../lib/api.ts';

export function getKeepsakeQueryKey(calendarId: string) {
  return ['calendars', calendarId, 'keepsake'] as const;
}

/** The owner's keepsake (real names); 409 before the announcement. */
export function getOwnerKeepsake(calendarId: string, { signal }: { signal?: AbortSignal } = {}): Promise<KeepsakeBook> {
  return getJson<KeepsakeBook>(`/api/calendars/${encodeURIComponent(calendarId)}/keepsake`, { signal });
}

/** The PDF download, answered with `Content-Disposition: attachment`. */
export function getKeepsakePdfUrl(calendarId: string): string {
  return `/api/calendars/${encodeURIComponent(calendarId)}/keepsake.pdf`;
}
