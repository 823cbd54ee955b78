import type { BackgroundId } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import type { Locale } from '@firstday/common/locales';
import { getCalendarTitle } from '../calendars/calendar-title.ts';
import {
  createCelebrationEmail,
  createClosedNoticeEmail,
  createClosingConfirmationEmail,
} from '../emails/announcements.ts';
import type { Db } from '../lib/db.ts';
import type { Env } from '../lib/env.ts';
import { enqueueMail } from '../lib/mail/outbox.ts';
import { createUnsubscribeUrl } from '../lib/mail/suppression.ts';
import { getPayoutHeldUntil } from '../payments/payout-hold.ts';
import type { PayoutRow } from '../payments/payouts.ts';
import { getParticipantMailKey, getParticipantMailTopic } from './closing.ts';
import type { AnnouncementRow } from './schema.ts';

type MailEnv = Pick<Env, 'APP_URL' | 'APP_SECRETS'>;
type EndedCalendar = {
  id: string;
  slug: string;
  title: string | null;
  firstName: string;
  background: BackgroundId;
  currency: Currency;
  ibanChangedAt?: Date | null;
};

function describeCalendar(calendar: EndedCalendar, locale: Locale) {
  return {
    title: getCalendarTitle(calendar, locale),
    slug: calendar.slug,
    firstName: calendar.firstName,
    background: calendar.background,
  };
}

/**
 * One e-mail per participant address, in the participant's language: the celebration after an announcement, or the short neutral
 * notice after a close. Keyed per calendar and address, so a retry or a crash half-way queues each
 * remaining address once; unsubscribed addresses are skipped. Returns how many were queued.
 */
export async function enqueueParticipantMails(
  db: Db,
  env: MailEnv,
  calendar: EndedCalendar,
  announcement: AnnouncementRow,
  participants: readonly { email: string; locale: Locale }[],
): Promise<number> {
  let queued = 0;
  for (const { email, locale } of participants) {
    const mail = {
      appUrl: env.APP_URL,
      locale,
      calendar: describeCalendar(calendar, locale),
      unsubscribeUrl: createUnsubscribeUrl(env, email),
    };
    const added = await enqueueMail(db, {
      to: email,
      dedupeKey: getParticipantMailKey(announcement, email),
      topic: getParticipantMailTopic(announcement),
      suppressible: true,
      ...(announcement.kind === 'announcement'
        ? await createCelebrationEmail({
            ...mail,
            birthDate: announcement.birthDate!,
            thankYouMessage: announcement.thankYouMessage ?? '',
            babyName: announcement.babyName,
            babyImageId: announcement.babyImageId,
            birthTimeMinutes: announcement.birthTimeMinutes,
            birthWeightGrams: announcement.birthWeightGrams,
            welcomeGiftsUntil: announcement.welcomeGiftsUntil,
          })
        : await createClosedNoticeEmail({ ...mail, noticeMessage: announcement.noticeMessage })),
    });
    if (added) queued++;
  }
  return queued;
}

/** The creator's confirmation: what happened to the gifts, with the payout amount and status. */
export async function enqueueCreatorConfirmation(
  db: Db,
  env: MailEnv,
  owner: { email: string; name: string; locale: Locale },
  calendar: EndedCalendar,
  announcement: AnnouncementRow,
  outcome: { payout: PayoutRow | null; refundCount: number; participantMails: number },
): Promise<boolean> {
  const { payout } = outcome;
  const heldUntil =
    payout?.status === 'pending' ? getPayoutHeldUntil({ ibanChangedAt: calendar.ibanChangedAt ?? null }) : undefined;
  return enqueueMail(db, {
    to: owner.email,
    dedupeKey: `closing-confirmation:${calendar.id}`,
    ...(await createClosingConfirmationEmail({
      appUrl: env.APP_URL,
      locale: owner.locale,
      name: owner.name,
      calendar: { ...describeCalendar(calendar, owner.locale), currency: calendar.currency },
      birthDate: announcement.kind === 'announcement' ? announcement.birthDate! : undefined,
      payout: payout ? { amount: payout.amount, status: payout.status, heldUntil } : null,
      refundCount: outcome.refundCount,
      welcomeGiftsUntil: announcement.welcomeGiftsUntil,
      participantMails: announcement.notifyParticipants ? outcome.participantMails : null,
      baby: announcement,
    })),
  });
}
