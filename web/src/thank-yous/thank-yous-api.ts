import type { ThankYouList, ThankYouRequest, ThankYouSendResult } from '@firstday/common/thank-yous';
import { getJson, postJson } from '../lib/api.ts';

export function getThankYousQueryKey(calendarId: string) {
  return ['calendars', calendarId, 'thank-yous'] as const;
}

function getThankYousPath(calendarId: string): string {
  return `/api/calendars/${encodeURIComponent(calendarId)}/thank-yous`;
}

export function listThankYous(calendarId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ThankYouList> {
  return getJson<ThankYouList>(getThankYousPath(calendarId), { signal });
}

/** One personal note; a participant already thanked answers `sent: 0`. */
export function sendThankYou(calendarId: string, contributionId: string, body: ThankYouRequest) {
  return postJson<ThankYouSendResult>(`${getThankYousPath(calendarId)}/${encodeURIComponent(contributionId)}`, body);
}

/** One note to everyone not yet thanked, `{name}` filled per participant. */
export function thankEveryone(calendarId: string, body: ThankYouRequest) {
  return postJson<ThankYouSendResult>(getThankYousPath(calendarId), body);
}
