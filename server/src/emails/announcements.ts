import type { BackgroundId } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import { formatUtcDateTime } from '../payments/payout-hold.ts';
import { type Email, getEmailPhotoUrl, renderEmail } from './layout.ts';

type Calendar = { title: string; slug: string; firstName: string; background: BackgroundId };

const PARTICIPANT_FOOTER = 'You get this e-mail once because you left a guess on this calendar.';

/** The baby's details given with an announcement; each may be missing. */
export type BabyDetails = {
  babyName?: string | null;
  birthTimeMinutes?: number | null;
  birthWeightGrams?: number | null;
};

/** 'Welcome, Mia! Born at 3:45 PM, 3,450 g (7 lb 10 oz).', or only the parts given; null for none. */
export function describeBaby(details: BabyDetails): string | null {
  const facts = [
    details.birthTimeMinutes != null ? `Born at ${formatTimeOfDay(details.birthTimeMinutes)}` : null,
    details.birthWeightGrams != null
      ? `${details.birthTimeMinutes != null ? 'weighing' : 'Weighing'} ${formatWeightBoth(details.birthWeightGrams)}`
      : null,
  ].filter(Boolean);
  const parts = [
    details.babyName ? `Welcome, ${details.babyName}!` : null,
    facts.length ? `${facts.join(', ')}.` : null,
  ];
  const text = parts.filter(Boolean).join(' ');
  return text || null;
}

/** To every participant after the birth is announced. */
export function createCelebrationEmail(
  input: {
    appUrl: string;
    calendar: Calendar;
    birthDate: string;
    thankYouMessage: string;
    unsubscribeUrl: string;
    babyImageId: string | null;
  } & BabyDetails,
): Promise<Email> {
  const { calendar } = input;
  const baby = describeBaby(input);
  return renderEmail({
    appUrl: input.appUrl,
    background: calendar.background,
    subject: `The baby is here! News from “${calendar.title}”`,
    heading: 'The baby is here!',
    ...(input.babyImageId
      ? { image: { url: getEmailPhotoUrl(input.appUrl, input.babyImageId), alt: input.babyName ?? 'The newborn baby' } }
      : {}),
    paragraphs: [
      `${calendar.firstName} announced the birth on ${formatLongDate(input.birthDate)}.`,
      ...(baby ? [baby] : []),
      `A message for you: “${input.thankYouMessage}”`,
      'See whose guess came closest on the calendar, and read every wish in the keepsake.',
    ],
    links: [{ label: 'Read the keepsake', url: `${input.appUrl}/c/${calendar.slug}/keepsake` }],
    action: { label: 'See the calendar', url: `${input.appUrl}/c/${calendar.slug}` },
    footer: [PARTICIPANT_FOOTER],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** To every participant, when the creator closes a calendar without an announcement and asks for it. */
export function createClosedNoticeEmail(input: {
  appUrl: string;
  calendar: Calendar;
  noticeMessage: string | null;
  unsubscribeUrl: string;
}): Promise<Email> {
  const { calendar } = input;
  return renderEmail({
    appUrl: input.appUrl,
    background: calendar.background,
    subject: `“${calendar.title}” is closed`,
    heading: 'This calendar is closed',
    paragraphs: [
      `${calendar.firstName} has closed “${calendar.title}”. Thank you for taking part.`,
      ...(input.noticeMessage ? [`“${input.noticeMessage}”`] : []),
    ],
    footer: [PARTICIPANT_FOOTER],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** The creator's confirmation of an announcement or a close: what happens to the gifts, who is e-mailed. */
export function createClosingConfirmationEmail(input: {
  appUrl: string;
  name: string;
  calendar: Calendar;
  /** The announced birth date; undefined when the calendar was closed without an announcement. */
  birthDate?: string;
  payout: { amountCents: number; status: string; heldUntil?: Date } | null;
  refundCount: number;
  /** How many participants are e-mailed; null when the creator chose not to notify them. */
  participantMails: number | null;
  /** The baby's details given with the announcement, repeated so the parents can check them. */
  baby?: BabyDetails;
}): Promise<Email> {
  const { calendar, payout, participantMails } = input;
  const announced = input.birthDate !== undefined;
  const baby = input.baby ? describeBaby(input.baby) : null;
  const money = payout
    ? payout.heldUntil
      ? `Payout: ${formatMoney(payout.amountCents, { minorUnits: 'always' })} to your bank account. Because the bank account was changed recently, it is on hold until ${formatUtcDateTime(payout.heldUntil)}; then it goes out. Bank transfers usually arrive within a few business days.`
      : `Payout: ${formatMoney(payout.amountCents, { minorUnits: 'always' })} to your bank account, status: ${payout.status === 'pending' ? 'on its way' : payout.status}. Bank transfers usually arrive within a few business days.`
    : input.refundCount > 0
      ? `Every gift (${input.refundCount}) is being refunded to the person who sent it.`
      : 'No gifts were collected, so there is nothing to pay out.';
  const participants = `${participantMails} participant${participantMails === 1 ? '' : 's'}`;
  const mails =
    participantMails === null
      ? 'Participants were not e-mailed.'
      : announced
        ? `We are e-mailing the news to ${participants}.`
        : `We are sending a short notice to ${participants}.`;
  return renderEmail({
    appUrl: input.appUrl,
    background: calendar.background,
    subject: announced ? 'Congratulations! Your announcement is out' : 'Your calendar is closed',
    heading: announced ? 'Congratulations!' : 'Your calendar is closed',
    paragraphs: [
      `Hello ${input.name},`,
      input.birthDate !== undefined
        ? `“${calendar.title}” is closed to new guesses and gifts: the birth on ${formatLongDate(input.birthDate)} is announced.`
        : `“${calendar.title}” is closed to new guesses and gifts.`,
      ...(baby ? [baby] : []),
      money,
      mails,
    ],
    action: { label: 'Open my calendars', url: `${input.appUrl}/my_calendars` },
    footer: ['You get this e-mail because you created a calendar on Firstday.'],
  });
}
