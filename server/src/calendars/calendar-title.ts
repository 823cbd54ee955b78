import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import type { calendars } from './schema.ts';

// A calendar's name, read by every feature that writes about a calendar (e-mails, receipts,
// keepsakes): its own file, so they need not import the calendars' service.

type CalendarNames = Pick<typeof calendars.$inferSelect, 'title' | 'firstName'>;

/** The name the owner gave, or the default one (calendars made before names were set at creation). */
export function getCalendarTitle(row: CalendarNames): string {
  return row.title ?? defaultCalendarTitle(row.firstName, DEFAULT_LOCALE);
}

/** A new calendar's name until the owner gives one, in the owner's language: 'Anna's calendar'. */
export function defaultCalendarTitle(firstName: string, locale: Locale): string {
  return serverTranslator(locale)('calendars.defaultTitle', { firstName });
}
