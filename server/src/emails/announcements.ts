import type { BackgroundId } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { formatEmailDate, formatEmailDateTime, formatEmailMoney, quoteInSubject } from './formatting.ts';
import { type Email, getEmailPhotoUrl, renderEmail } from './layout.ts';

type Calendar = { title: string; slug: string; firstName: string; background: BackgroundId };

/** The baby's details given with an announcement; each may be missing. */
export type BabyDetails = {
  babyName?: string | null;
  birthTimeMinutes?: number | null;
  birthWeightGrams?: number | null;
};

/** 'Welcome, Mia! Born at 3:45 PM, weighing 3,450 g (7 lb 10 oz).', or only the parts given; null for none. */
export function describeBaby(details: BabyDetails, locale: Locale = 'en'): string | null {
  const t = serverTranslator(locale);
  const time = details.birthTimeMinutes != null ? formatTimeOfDay(details.birthTimeMinutes, locale) : null;
  const weight = details.birthWeightGrams != null ? formatWeightBoth(details.birthWeightGrams, locale) : null;
  const facts =
    time !== null && weight !== null
      ? t('emails.baby.bornAtWeighing', { time, weight })
      : time !== null
        ? t('emails.baby.bornAt', { time })
        : weight !== null
          ? t('emails.baby.weighing', { weight })
          : null;
  const parts = [details.babyName ? t('emails.baby.welcome', { name: details.babyName }) : null, facts];
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}

/** To every participant after the birth is announced, in the participant's language. */
export function createCelebrationEmail(
  input: {
    appUrl: string;
    locale: Locale;
    calendar: Calendar;
    birthDate: string;
    thankYouMessage: string;
    unsubscribeUrl: string;
    babyImageId: string | null;
    /** When the parents keep the page open for welcome gifts (decision 026): until then. */
    welcomeGiftsUntil?: Date | null;
  } & BabyDetails,
): Promise<Email> {
  const { calendar, locale } = input;
  const t = serverTranslator(locale);
  const baby = describeBaby(input, locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: calendar.background,
    subject: t('emails.celebration.subject', { title: quoteInSubject(calendar.title, locale) }),
    heading: t('emails.celebration.heading'),
    ...(input.babyImageId
      ? {
          image: {
            url: getEmailPhotoUrl(input.appUrl, input.babyImageId),
            alt: input.babyName ?? t('emails.celebration.imageAlt'),
          },
        }
      : {}),
    paragraphs: [
      t('emails.celebration.announced', {
        firstName: calendar.firstName,
        date: formatEmailDate(input.birthDate, locale),
      }),
      ...(baby ? [baby] : []),
      t('emails.celebration.message', { message: input.thankYouMessage }),
      t('emails.celebration.seeWhoseGuess'),
      ...(input.welcomeGiftsUntil
        ? [t('emails.celebration.welcomeGifts', { date: formatEmailDate(input.welcomeGiftsUntil, locale) })]
        : []),
    ],
    links: [{ label: t('emails.celebration.readKeepsake'), url: `${input.appUrl}/c/${calendar.slug}/keepsake` }],
    action: { label: t('emails.common.seeCalendar'), url: `${input.appUrl}/c/${calendar.slug}` },
    footer: [t('emails.participant.footer')],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** To every participant, when the creator closes a calendar without an announcement and asks for it. */
export function createClosedNoticeEmail(input: {
  appUrl: string;
  locale: Locale;
  calendar: Calendar;
  noticeMessage: string | null;
  unsubscribeUrl: string;
}): Promise<Email> {
  const { calendar, locale } = input;
  const t = serverTranslator(locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: calendar.background,
    subject: t('emails.closedNotice.subject', { title: quoteInSubject(calendar.title, locale) }),
    heading: t('emails.closedNotice.heading'),
    paragraphs: [
      t('emails.closedNotice.body', { firstName: calendar.firstName, title: calendar.title }),
      ...(input.noticeMessage ? [t('emails.common.quoted', { text: input.noticeMessage })] : []),
    ],
    footer: [t('emails.participant.footer')],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** The creator's confirmation of an announcement or a close: what happens to the gifts, who is e-mailed. */
export function createClosingConfirmationEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: Calendar & { currency: Currency };
  /** The announced birth date; undefined when the calendar was closed without an announcement. */
  birthDate?: string;
  payout: { amount: number; status: string; heldUntil?: Date } | null;
  refundCount: number;
  /** Welcome gifts after the birth (decision 026): the payout waits until then. */
  welcomeGiftsUntil?: Date | null;
  /** How many participants are e-mailed; null when the creator chose not to notify them. */
  participantMails: number | null;
  /** The baby's details given with the announcement, repeated so the parents can check them. */
  baby?: BabyDetails;
}): Promise<Email> {
  const { calendar, payout, participantMails, locale } = input;
  const t = serverTranslator(locale);
  const announced = input.birthDate !== undefined;
  const baby = input.baby ? describeBaby(input.baby, locale) : null;
  const money = input.welcomeGiftsUntil
    ? t('emails.closing.welcomeGifts', { date: formatEmailDateTime(input.welcomeGiftsUntil, locale) })
    : payout
      ? payout.heldUntil
        ? t('emails.closing.payoutHeld', {
            amount: formatEmailMoney(payout.amount, locale, calendar.currency),
            until: formatEmailDateTime(payout.heldUntil, locale),
          })
        : t('emails.closing.payoutStatus', {
            amount: formatEmailMoney(payout.amount, locale, calendar.currency),
            status: payout.status === 'pending' ? t('emails.closing.statusOnItsWay') : payout.status,
          })
      : input.refundCount > 0
        ? t('emails.closing.refunds', { count: input.refundCount })
        : t('emails.closing.noGifts');
  const mails =
    participantMails === null
      ? t('emails.closing.notMailed')
      : announced
        ? t('emails.closing.mailingNews', { count: participantMails })
        : t('emails.closing.mailingNotice', { count: participantMails });
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: calendar.background,
    subject: announced ? t('emails.closing.subjectAnnounced') : t('emails.closing.subjectClosed'),
    heading: announced ? t('emails.closing.headingAnnounced') : t('emails.closing.headingClosed'),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      input.birthDate !== undefined
        ? t('emails.closing.closedAnnounced', {
            title: calendar.title,
            date: formatEmailDate(input.birthDate, locale),
          })
        : t('emails.closing.closed', { title: calendar.title }),
      ...(baby ? [baby] : []),
      money,
      mails,
    ],
    action: { label: t('emails.common.openCalendars'), url: `${input.appUrl}/my_calendars` },
    footer: [t('emails.common.creatorFooter')],
  });
}

/**
 * A calendar neither announced nor closed: reminded before it is ended for its parents in the way
 * they chose in advance (announcements/holding-limit.ts, decision 026). `reason` says why it ends:
 * the due date long past, or the gifts' holding limit at the payment provider.
 */
export function createEndReminderEmail(input: {
  appUrl: string;
  locale: Locale;
  name: string;
  calendar: { id: string; title: string; background: BackgroundId };
  endsOn: Date;
  reason: 'due_date' | 'holding_limit';
  holdingLimitDays: number;
  gifts: 'pay_out' | 'refund';
}): Promise<Email> {
  const { locale, calendar } = input;
  const t = serverTranslator(locale);
  const date = formatEmailDate(input.endsOn, locale);
  return renderEmail({
    appUrl: input.appUrl,
    locale,
    background: calendar.background,
    subject: t('emails.endReminder.subject', { title: quoteInSubject(calendar.title, locale), date }),
    heading:
      input.reason === 'due_date'
        ? t('emails.endReminder.headingDueDate')
        : t('emails.endReminder.headingHoldingLimit', { date }),
    paragraphs: [
      t('emails.common.greeting', { name: input.name }),
      input.reason === 'due_date'
        ? t('emails.endReminder.dueDatePassed', { title: calendar.title })
        : t('emails.endReminder.holdingLimit', { title: calendar.title, days: input.holdingLimitDays }),
      input.gifts === 'pay_out' ? t('emails.endReminder.payOut', { date }) : t('emails.endReminder.refund', { date }),
      t('emails.endReminder.change'),
    ],
    action: { label: t('emails.common.openCalendars'), url: `${input.appUrl}/my_calendars/${calendar.id}` },
    footer: [t('emails.common.creatorFooter')],
  });
}
