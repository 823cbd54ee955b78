import type { OwnerCalendar, PayRequest, PayResponse } from '@firstday/common/calendars';
import type { PublicConfig } from '@firstday/common/config';
import type { Currency } from '@firstday/common/currency';
import { getJson, patchJson, postJson } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';

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
export type CreateCalendarRequest = { firstName: string; lastName: string; iban?: string; currency?: Currency };

export function createCalendar(body: CreateCalendarRequest): Promise<OwnerCalendar> {
  return postJson<OwnerCalendar>('/api/calendars', body);
}

export type UpdateCalendarRequest = Partial<{
  firstName: string;
  lastName: string;
  iban: string;
  title: string;
  dueDate: string;
  background: OwnerCalendar['background'];
  hideSenderNames: boolean;
  hideTotal: boolean;
  guessTime: boolean;
  guessWeight: boolean;
  wizardStep: number;
  /** An image uploaded with `POST /api/images`, or null to remove the photo. */
  coverImageId: string | null;
  /** Until the creation fee is paid. */
  currency: Currency;
  /** Sent as typed; the server trims it and saves an empty one as none. */
  parentsNote: string | null;
  /** With a new IBAN of a calendar that is paid for (accounts without a password sign in again instead). */
  password: string;
}>;

export function updateCalendar(id: string, body: UpdateCalendarRequest): Promise<OwnerCalendar> {
  return patchJson<OwnerCalendar>(`/api/calendars/${encodeURIComponent(id)}`, body);
}

export function payForCalendar(id: string, body: PayRequest): Promise<PayResponse> {
  return postJson<PayResponse>(`/api/calendars/${encodeURIComponent(id)}/pay`, body);
}

export function sendSupportMessage(body: { calendarId?: string; message: string }): Promise<{ sent: true }> {
  return postJson<{ sent: true }>('/api/support', body);
}

export type PaymentsConfig = PublicConfig['payments'];

/** The payments part of GET /api/config. */
export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  return (await getPublicConfig()).payments;
}
