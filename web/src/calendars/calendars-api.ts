import type { CreateCalendarSchema, UpdateCalendarSchema } from '@firstday/common/calendar-forms';
import type { OwnerCalendar, PayRequest, PayResponse } from '@firstday/common/calendars';
import type { z } from 'zod';
import { getJson, patchJson, postJson } from '../lib/api.ts';

export const CALENDARS_QUERY_KEY = ['calendars'] as const;

export function getCalendarQueryKey(id: string) {
  return ['calendars', id] as const;
}

export async function listCalendars({ signal }: { signal?: AbortSignal } = {}): Promise<OwnerCalendar[]> {
  const { calendars } = await getJson<{ calendars: OwnerCalendar[] }>('/api/calendars', { signal });
  return calendars;
}

export function getCalendar(id: string, { signal }: { signal?: AbortSignal } = {}): Promise<OwnerCalendar> {
  return getJson<OwnerCalendar>(`/api/calendars/${encodeURIComponent(id)}`, { signal });
}

/** `currency` left out: the server takes the IBAN's country's. */
export type CreateCalendarRequest = z.input<typeof CreateCalendarSchema>;

export function createCalendar(body: CreateCalendarRequest): Promise<OwnerCalendar> {
  return postJson<OwnerCalendar>('/api/calendars', body);
}

/** Any of the calendar's fields; `password` with a new IBAN of a calendar that is paid for. */
export type UpdateCalendarRequest = z.input<typeof UpdateCalendarSchema>;

export function updateCalendar(id: string, body: UpdateCalendarRequest): Promise<OwnerCalendar> {
  return patchJson<OwnerCalendar>(`/api/calendars/${encodeURIComponent(id)}`, body);
}

export function payForCalendar(id: string, body: PayRequest): Promise<PayResponse> {
  return postJson<PayResponse>(`/api/calendars/${encodeURIComponent(id)}/pay`, body);
}

export function sendSupportMessage(body: { calendarId?: string; message: string }): Promise<{ sent: true }> {
  return postJson<{ sent: true }>('/api/support', body);
}
