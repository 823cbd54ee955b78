import { LOCALES, type Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import type { calendars } from './schema.ts';

// A calendar's name, read by every feature that writes about a calendar (e-mails, receipts,
// keepsakes, pages): its own file, so they need not import the calendars' service.

type CalendarNames = Pick<typeof calendars.$inferSelect, 'title' | 'firstName'>;

/**
 * The name the owner gave, or else the automatic one in the reader's language: a calendar without
 * a name of its own stores none (`title` null), so each page and e-mail words it for its reader.
 */
export function getCalendarTitle(row: CalendarNames, locale: Locale): string {
  return row.title ?? getAutomaticTitle(row.firstName, locale);
}

/** 'Anna's calendar', 'Annas Kalender', 'Анна ждёт малыша'. */
export function getAutomaticTitle(firstName: string, locale: Locale): string {
  return serverTranslator(locale)('calendars.defaultTitle', { firstName, form: getNameForm(firstName.trim(), locale) });
}

/**
 * The title to store for a name the owner saved: none when it is an automatic title for one of
 * `firstNames` in any language (a form sends back the name it showed), so it keeps following the
 * reader's language and a corrected first name.
 */
export function toStoredTitle(title: string | null, firstNames: readonly string[]): string | null {
  if (title === null) return null;
  const automatic = firstNames.some((firstName) =>
    LOCALES.some((locale) => getAutomaticTitle(firstName, locale) === title),
  );
  return automatic ? null : title;
}

/**
 * What the automatic title's words need to know of the name (the catalogue's `form`): in German
 * the genitive takes an apostrophe instead of an s after s, ß, x, z and ce ('Thomas’ Kalender', as
 * the Duden has it); in Russian two parents ('Ольга и Дима') take a plural verb.
 */
function getNameForm(firstName: string, locale: Locale): 'apostrophe' | 'plural' | 'other' {
  if (locale === 'de' && /(?:s|ß|x|z|ce)$/i.test(firstName)) return 'apostrophe';
  if (locale === 'ru' && /\s(?:&|\+|and|und|и)\s|,/i.test(firstName)) return 'plural';
  return 'other';
}
