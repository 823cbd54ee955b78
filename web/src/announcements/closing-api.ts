import type { AnnounceRequestInput, CalendarClosing, CloseCalendarRequest } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { getJson, postJson } from '../lib/api.ts';

export type ClosingResponse = { calendar: OwnerCalendar; closing: CalendarClosing };

/** The request as typed (a weight in its unit); the server turns it into what it stores. */
export function announceBirth(calendarId: string, body: AnnounceRequestInput): Promise<ClosingResponse> {
  return postJson<ClosingResponse>(`/api/calendars/${encodeURIComponent(calendarId)}/announce`, body);
}

export function closeCalendar(calendarId: string, body: CloseCalendarRequest): Promise<ClosingResponse> {
  return postJson<ClosingResponse>(`/api/calendars/${encodeURIComponent(calendarId)}/close`, body);
}

export function getClosing(calendarId: string, { signal }: { signal?: AbortSignal } = {}): Promise<CalendarClosing> {
  return getJson<CalendarClosing>(`/api/calendars/${encodeURIComponent(calendarId)}/closing`, { signal });
}

/** 'Pay out now': the parents end their welcome gifts early, and the payout goes out (decision 026). */
export function payOutWelcomeGiftsNow(calendarId: string): Promise<ClosingResponse> {
  return postJson<ClosingResponse>(`/api/calendars/${encodeURIComponent(calendarId)}/welcome-gifts/close`, {});
}
