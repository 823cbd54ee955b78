import type { BackgroundId } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { formatEmailDate, formatEmailMoney, quoteInSubject } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

type Calendar = { title: string; background: BackgroundId };

const WISH_PREVIEW_CHARS = 300;
const MAX_LISTED = 20;

function previewWish(wish: string): string {
  const chars = [...wish];
  return chars.length > WISH_PREVIEW_CHARS ? `${chars.slice(0, WISH_PREVIEW_CHARS).join('')}…` : wish;
}

/**
 * The contributor's receipt, with the private link to change the guess or wish, or to delete the
 * wish and the guest's details (at any time); in the contributor's language. A welcome gift (after
 * the birth, `guessedDate` null) has no guess, and nothing left to change.
 */
export function createContributionReceiptEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: Calendar & { currency: Currency };
  guessedDate: string | null;
  wish: string;
  gift?: { amount: number; paidWith: string; paidOn: string };
  editUrl: string;
}): Promise<Email> {
  const { gift, locale } = input;
  const t = serverTranslator(locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: gift ? t('emails.receipt.subjectGift') : t('emails.receipt.subject'),
    heading: t('emails.receipt.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      ...(input.guessedDate
        ? [
            t('emails.receipt.onCalendar', { title: input.calendar.title }),
            t('emails.receipt.guess', { date: formatEmailDate(input.guessedDate, locale) }),
          ]
        : [t('emails.receipt.onCalendarWelcome', { title: input.calendar.title })]),
      t('emails.receipt.wish', { wish: input.wish }),
      ...(gift
        ? [
            t('emails.receipt.gift', {
              amount: formatEmailMoney(gift.amount, locale, input.calendar.currency),
              paidWith: gift.paidWith,
              date: formatEmailDate(gift.paidOn, locale),
            }),
          ]
        : []),
      ...(input.guessedDate ? [t('emails.receipt.canChange')] : []),
      gift ? t('emails.receipt.canDeleteGift') : t('emails.receipt.canDelete'),
    ],
    action: {
      label: input.guessedDate ? t('emails.receipt.action') : t('emails.receipt.actionWelcome'),
      url: input.editUrl,
    },
    footer: [t('emails.receipt.footer')],
  });
}

/** The creator's hourly 'new wishes' e-mail: the wishes that came without a gift. */
export function createWishDigestEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: Calendar;
  /** Wishes without a gift, so never a welcome gift's: each has its guess. */
  wishes: readonly { name: string; guessedDate: string | null; wish: string }[];
  unsubscribeUrl: string;
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  const total = input.wishes.length;
  const title = input.calendar.title;
  const listed = input.wishes.slice(0, MAX_LISTED).map((wish) =>
    t('emails.wishDigest.entry', {
      name: wish.name,
      date: wish.guessedDate ? formatEmailDate(wish.guessedDate, locale) : '',
      wish: previewWish(wish.wish),
    }),
  );
  const more = total > MAX_LISTED ? [t('emails.wishDigest.more', { count: total - MAX_LISTED })] : [];
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: t('emails.wishDigest.subject', { count: total, title: quoteInSubject(title, locale) }),
    heading: t('emails.wishDigest.heading', { count: total }),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.wishDigest.intro', { count: total, title }),
      ...listed,
      ...more,
    ],
    action: { label: t('emails.common.readWishes'), url: `${input.appUrl}/wishes` },
    footer: [t('emails.wishDigest.footer')],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/**
 * The creator hears of each gift as soon as it is paid: 'Tom sent $35 and a wish'. A welcome gift
 * (`guessedDate` null, after the birth) has no guess and is paid out when the welcome gifts close.
 */
export function createGiftNotificationEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: Calendar & { currency: Currency };
  gift: { senderName: string; amount: number; guessedDate: string | null; wish: string };
  unsubscribeUrl: string;
}): Promise<Email> {
  const { gift, locale } = input;
  const t = serverTranslator(locale);
  const sender = gift.senderName;
  const amount = formatEmailMoney(gift.amount, locale, input.calendar.currency);
  const title = input.calendar.title;
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: t('emails.giftNotification.subject', {
      sender: quoteInSubject(sender, locale),
      amount,
      title: quoteInSubject(title, locale),
    }),
    heading: t('emails.giftNotification.news', { sender, amount }),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      gift.guessedDate
        ? t('emails.giftNotification.body', { sender, amount, title, date: formatEmailDate(gift.guessedDate, locale) })
        : t('emails.giftNotification.bodyWelcome', { sender, amount, title }),
      t('emails.common.quoted', { text: previewWish(gift.wish) }),
      gift.guessedDate ? t('emails.giftNotification.paidOut') : t('emails.giftNotification.paidOutWelcome'),
    ],
    action: { label: t('emails.common.readWishes'), url: `${input.appUrl}/wishes` },
    footer: [
      t('emails.giftNotification.footer'),
      t('emails.giftNotification.settings', { url: `${input.appUrl}/settings` }),
    ],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/**
 * 'Someone is trying stolen cards on your calendar': a burst of declined gifts (decision 022), at
 * most once a day per calendar. It reassures rather than alarms: nothing is needed from the parents.
 */
export function createDeclineBurstEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: Calendar;
  declines: number;
}): Promise<Email> {
  const { locale } = input;
  const t = serverTranslator(locale);
  const title = input.calendar.title;
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: input.calendar.background,
    subject: t('emails.declineBurst.subject', { title: quoteInSubject(title, locale) }),
    heading: t('emails.declineBurst.heading'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      t('emails.declineBurst.body', { count: input.declines, title }),
      t('emails.declineBurst.safe'),
      t('emails.declineBurst.share'),
    ],
    action: { label: t('emails.common.openCalendars'), url: `${input.appUrl}/my_calendars` },
    footer: [t('emails.declineBurst.footer'), t('emails.common.creatorFooter')],
  });
}
