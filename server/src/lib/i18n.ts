import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileCatalogue } from '@firstday/common/catalogues';
import { LOCALES, type Locale } from '@firstday/common/locales';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import type enCalendars from '../../locales/en/calendars.json';
import type enEmails from '../../locales/en/emails.json';
import type enKeepsake from '../../locales/en/keepsake.json';
import type enPayouts from '../../locales/en/payouts.json';

/**
 * The server's texts (e-mails, the keepsake book, a new calendar's default name) in `server/locales/<locale>/<area>.json`, read and
 * compiled once at start-up (decision 020). Each language has its own instance, active for good.
 */
const LOCALES_DIR = join(import.meta.dirname, '../../locales');

export type ServerMessageId = keyof (typeof enCalendars & typeof enEmails & typeof enKeepsake & typeof enPayouts);
export type ServerTranslate = (id: ServerMessageId, values?: Record<string, string | number>) => string;

function loadMessages(locale: Locale): Messages {
  const dir = join(LOCALES_DIR, locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => compileCatalogue(JSON.parse(readFileSync(join(dir, file), 'utf8')))),
  );
}

const instances = new Map<Locale, I18n>(
  LOCALES.map((locale) => [locale, setupI18n({ locale, messages: { [locale]: loadMessages(locale) } })]),
);

/** The translate function of one language: `t('emails.receipt.subject', { title })`. */
export function serverTranslator(locale: Locale): ServerTranslate {
  const i18n = instances.get(locale)!;
  return (id, values) => i18n._(id, values);
}
