/**
 * The invitation a calendar is shared with, and the standard share addresses that carry it. Pure,
 * so the same text reaches every button and the addresses are tested.
 */

import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { Translate } from '../i18n/use-t.tsx';

export const INVITATION_MAX_LENGTH = 500;

/** The owner's words: their baby, their calendar. */
export function getOwnerInvitation(t: Translate): string {
  return t('contributions.share.ownerInvitation');
}

/** What a guest sends on: about the parents' calendar, not their own baby. */
export function getGuestInvitation(title: string, t: Translate): string {
  return t('contributions.share.guestInvitation', { title });
}

/** The announced birth, as the guest page shares it; `welcomeGiftsUntil` while welcome gifts are open. */
export type BirthNews = { babyName: string | null; welcomeGiftsUntil: string | null };

/** The news a calendar's page shares once the birth is announced; null before it (or after a close without one). */
export function getBirthNews(calendar: PublicCalendar, locale: Locale): BirthNews | null {
  if (!calendar.announcement) return null;
  return {
    babyName: calendar.announcement.babyName,
    welcomeGiftsUntil: calendar.welcomeGifts ? formatLongDate(calendar.welcomeGifts.until.slice(0, 10), locale) : null,
  };
}

/**
 * After the announcement a guest passes on the news, not a guessing game: with welcome gifts open
 * (decision 026) it invites a gift until the window's end (a date already formatted for the reader).
 */
export function getNewsInvitation(title: string, news: BirthNews, t: Translate): string {
  const name = news.babyName ?? 'none';
  return news.welcomeGiftsUntil
    ? t('contributions.share.welcomeInvitation', { name, title, until: news.welcomeGiftsUntil })
    : t('contributions.share.newsInvitation', { name, title });
}

/** The e-mail's subject: the guessing game before the birth, the news after it. */
export function getShareSubject(title: string, news: BirthNews | null, t: Translate): string {
  return news
    ? t('contributions.share.newsSubject', { name: news.babyName ?? 'none', title })
    : t('contributions.share.subject', { title });
}

/** The invitation with the link at its end, so editing the text can never lose the link. */
export function composeInvitation(text: string, url: string): string {
  const trimmed = text.trim();
  if (!trimmed) return url;
  return trimmed.includes(url) ? trimmed : `${trimmed}\n${url}`;
}

/** WhatsApp's click-to-chat: the person picks the chat, the text is filled in. */
export function getWhatsAppUrl(message: string): string {
  return `https://wa.me/?text=${encodeURIComponent(message)}`;
}

/** `sms:?&body=` opens a new message with the body on both iOS (`&body`) and Android (`?body`). */
export function getSmsUrl(message: string): string {
  return `sms:?&body=${encodeURIComponent(message)}`;
}

/** A new e-mail in the person's mail app; encodeURIComponent writes spaces as %20, as mailto needs. */
export function getEmailUrl(subject: string, message: string): string {
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`;
}

/**
 * Messenger takes only a link from outside (its app on phones); prefilled text would need a
 * registered Facebook app (the send dialog's app_id), so the invitation is copied for pasting.
 */
export function getMessengerAppUrl(url: string): string {
  return `fb-messenger://share?link=${encodeURIComponent(url)}`;
}

/** The apps' own names, the same in every language. */
export const APP_NAMES = { whatsApp: 'WhatsApp', sms: 'SMS', messenger: 'Messenger' } as const;

export const MESSENGER_WEB_URL = 'https://www.messenger.com/';

/** Phones and tablets, where the Messenger app (and its link scheme) lives. */
export function isMobileDevice(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS reports itself as a Mac, but with touch.
  return /Android|iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
