import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { renderEmail } from '../lib/mail/render.ts';
import { createUnsubscribeHeaders, createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { formatUsd } from '../payments/payment-transitions.ts';
import { formatUtcDateTime, getPayoutHeldUntil } from '../payments/payout-hold.ts';
import type { PayoutRow } from '../payments/payouts.ts';
import { getParticipantMailKey, getParticipantMailTopic } from './closing.ts';
import type { AnnouncementRow } from './schema.ts';

type MailEnv = Pick<Env, 'APP_URL' | 'APP_SECRET'>;
type EndedCalendar = { id: string; slug: string; title: string | null; firstName: string; ibanChangedAt?: Date | null };

export function formatLongDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

function getTitle(calendar: EndedCalendar): string {
  return calendar.title ?? `${calendar.firstName}'s calendar`;
}

/**
 * One e-mail per participant address: the celebration after an announcement, or the short neutral
 * notice after a close. Keyed per calendar and address, so a retry or a crash half-way queues each
 * remaining address once; unsubscribed addresses are skipped. Returns how many were queued.
 */
export async function enqueueParticipantMails(
  db: Db,
  env: MailEnv,
  calendar: EndedCalendar,
  announcement: AnnouncementRow,
  emails: string[],
): Promise<number> {
  let queued = 0;
  for (const email of emails) {
    const unsubscribeUrl = createUnsubscribeUrl(env, email);
    const content =
      announcement.kind === 'announcement'
        ? renderCelebration(env, calendar, announcement, unsubscribeUrl)
        : renderNotice(calendar, announcement, unsubscribeUrl);
    const added = await enqueueMail(db, {
      to: email,
      dedupeKey: getParticipantMailKey(announcement, email),
      topic: getParticipantMailTopic(announcement),
      suppressible: true,
      headers: createUnsubscribeHeaders(unsubscribeUrl),
      ...content,
    });
    if (added) queued++;
  }
  return queued;
}

function renderCelebration(
  env: MailEnv,
  calendar: EndedCalendar,
  announcement: AnnouncementRow,
  unsubscribeUrl: string,
) {
  const birthDate = formatLongDate(announcement.birthDate!);
  return {
    subject: `The baby is here! News from “${getTitle(calendar)}”`,
    ...renderEmail({
      heading: 'The baby is here!',
      paragraphs: [
        `${calendar.firstName} announced the birth on ${birthDate}.`,
        `A message for you: “${announcement.thankYouMessage ?? ''}”`,
        'See whose guess came closest on the calendar.',
      ],
      action: { label: 'See the calendar', url: `${env.APP_URL}/c/${calendar.slug}` },
      footer: ['You get this e-mail once because you left a guess on this calendar.'],
      unsubscribeUrl,
    }),
  };
}

function renderNotice(calendar: EndedCalendar, announcement: AnnouncementRow, unsubscribeUrl: string) {
  return {
    subject: `“${getTitle(calendar)}” is closed`,
    ...renderEmail({
      heading: 'This calendar is closed',
      paragraphs: [
        `${calendar.firstName} has closed “${getTitle(calendar)}”. Thank you for taking part.`,
        ...(announcement.noticeMessage ? [`“${announcement.noticeMessage}”`] : []),
      ],
      footer: ['You get this e-mail once because you left a guess on this calendar.'],
      unsubscribeUrl,
    }),
  };
}

/** The creator's confirmation: what happened to the gifts, with the payout amount and status. */
export function enqueueCreatorConfirmation(
  db: Db,
  env: MailEnv,
  owner: { email: string; name: string },
  calendar: EndedCalendar,
  announcement: AnnouncementRow,
  outcome: { payout: PayoutRow | null; refundCount: number; participantMails: number },
): Promise<boolean> {
  const { payout } = outcome;
  const heldUntil =
    payout?.status === 'pending' ? getPayoutHeldUntil({ ibanChangedAt: calendar.ibanChangedAt ?? null }) : undefined;
  const money = payout
    ? heldUntil
      ? [
          `Payout: ${formatUsd(payout.amountCents)} to your bank account. Because the bank account was changed recently, it is on hold until ${formatUtcDateTime(heldUntil)}; then it goes out. Bank transfers usually arrive within a few business days.`,
        ]
      : [
          `Payout: ${formatUsd(payout.amountCents)} to your bank account, status: ${payout.status === 'pending' ? 'on its way' : payout.status}. Bank transfers usually arrive within a few business days.`,
        ]
    : outcome.refundCount > 0
      ? [`Every gift (${outcome.refundCount}) is being refunded to the person who sent it.`]
      : ['No gifts were collected, so there is nothing to pay out.'];
  const mails =
    announcement.kind === 'announcement'
      ? `We are e-mailing the news to ${outcome.participantMails} participant${outcome.participantMails === 1 ? '' : 's'}.`
      : announcement.notifyParticipants
        ? `We are sending a short notice to ${outcome.participantMails} participant${outcome.participantMails === 1 ? '' : 's'}.`
        : 'Participants were not e-mailed.';
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `closing-confirmation:${calendar.id}`,
    subject:
      announcement.kind === 'announcement' ? 'Congratulations! Your announcement is out' : 'Your calendar is closed',
    ...renderEmail({
      heading: announcement.kind === 'announcement' ? 'Congratulations!' : 'Your calendar is closed',
      paragraphs: [
        `Hello ${owner.name},`,
        announcement.kind === 'announcement'
          ? `“${getTitle(calendar)}” is closed to new guesses and gifts: the birth on ${formatLongDate(announcement.birthDate!)} is announced.`
          : `“${getTitle(calendar)}” is closed to new guesses and gifts.`,
        ...money,
        mails,
      ],
      action: { label: 'Open my calendars', url: `${env.APP_URL}/my_calendars` },
      footer: ['You get this e-mail because you created a calendar on Firstday.'],
    }),
  });
}
