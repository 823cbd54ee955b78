import { randomBytes, randomUUID } from 'node:crypto';
import type { CalendarClosing } from '@firstday/common/announcements';
import {
  BANK_CURRENCY_MESSAGES,
  getBankAccountCurrencies,
  maskBankAccount,
  parseBankAccountText,
} from '@firstday/common/bank-account';
import type { UpdateCalendarSchema } from '@firstday/common/calendar-forms';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { SLUG_LENGTH, toIsoDate } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import { getEndSchedule } from '@firstday/common/end-schedule';
import type { Locale } from '@firstday/common/locales';
import { isUuid } from '@firstday/common/uuid';
import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { findNewIban } from '../account/change-payout-iban.ts';
import { userProfiles } from '../account/schema.ts';
import { loadClosings } from '../announcements/closing.ts';
import { contributions } from '../contributions/schema.ts';
import { notRemovedOrWithGift } from '../contributions/wish-moderation.ts';
import type { Db } from '../lib/db.ts';
import { AppError } from '../lib/errors.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import type { PayoutTermsAcceptance } from '../payments/payment-provider.ts';
import { isLiveFeeOf } from '../payments/payment-transitions.ts';
import { payments } from '../payments/schema.ts';
import { getCalendarTitle, toStoredTitle } from './calendar-title.ts';
import { calendars } from './schema.ts';

export type CalendarRow = typeof calendars.$inferSelect;
/** `oldestGiftAt`: the first gift still held, from which the provider's holding limit counts (end-schedule.ts). */
export type CalendarStats = { participants: number; raisedAmount: number; oldestGiftAt: Date | null };
/** A calendar as the owner routes load it: with its confirmed contributions' figures. */
export type CalendarWithStats = CalendarRow & { stats: CalendarStats; closing?: CalendarClosing | null };

const NO_STATS: CalendarStats = { participants: 0, raisedAmount: 0, oldestGiftAt: null };

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 12 base-62 characters from a CSPRNG (about 71 bits); bytes ≥ 248 are skipped to avoid bias. */
export function generateSlug(): string {
  let slug = '';
  while (slug.length < SLUG_LENGTH) {
    for (const byte of randomBytes(SLUG_LENGTH * 2)) {
      if (byte < 248 && slug.length < SLUG_LENGTH) slug += BASE62[byte % 62];
    }
  }
  return slug;
}

/** `locale`: the reader's language, for an automatic title. */
export function toOwnerCalendar(
  row: CalendarRow & { stats?: CalendarStats; closing?: CalendarClosing | null },
  locale: Locale,
  stats: CalendarStats = row.stats ?? NO_STATS,
): OwnerCalendar {
  return {
    id: row.id,
    slug: row.slug,
    shareUrl: row.status === 'draft' ? null : `/c/${row.slug}`,
    status: row.status,
    title: getCalendarTitle(row, locale),
    firstName: row.firstName,
    lastName: row.lastName,
    dueDate: row.dueDate,
    background: row.background,
    bankAccount: row.ibanMasked,
    currency: row.currency,
    hideSenderNames: row.hideSenderNames,
    hideTotal: row.hideTotal,
    guessTime: row.guessTime,
    guessWeight: row.guessWeight,
    wizardStep: row.wizardStep,
    participants: stats.participants,
    raisedAmount: stats.raisedAmount,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    closing: row.closing ?? null,
    coverImageId: row.coverImageId,
    parentsNote: row.parentsNote,
    giftsIfNotAnnounced: row.giftsIfNotAnnounced,
    endsOn:
      row.status === 'active' && row.dueDate
        ? toIsoDate(
            getEndSchedule({ dueDate: row.dueDate, bankAccountMasked: row.ibanMasked }, stats.oldestGiftAt).endsAt,
          )
        : null,
  };
}

/**
 * Participants (distinct e-mail addresses) and the gift total, counting confirmed contributions
 * only: a gift counts once its payment succeeded, like on the public calendar.
 */
export async function loadCalendarStats(db: Db, calendarIds: string[]): Promise<Map<string, CalendarStats>> {
  if (calendarIds.length === 0) return new Map();
  const rows = await db
    .select({
      calendarId: contributions.calendarId,
      // A wish the parents removed without a gift makes no participant (decision 023).
      participants: sql<number>`count(distinct ${contributions.email}) filter (where ${notRemovedOrWithGift})`.mapWith(
        Number,
      ),
      // Only gifts whose payment still stands: a refunded gift is no longer raised.
      raisedAmount:
        sql<number>`coalesce(sum(case when ${payments.status} = 'succeeded' then ${contributions.giftAmount} else 0 end), 0)`.mapWith(
          Number,
        ),
      oldestGiftAt: sql<
        string | null
      >`min(case when ${payments.status} = 'succeeded' then ${payments.createdAt} end)`.mapWith(
        (value: string | Date | null) => (value === null ? null : new Date(value)),
      ),
    })
    .from(contributions)
    .leftJoin(payments, eq(payments.id, contributions.paymentId))
    .where(and(inArray(contributions.calendarId, calendarIds), eq(contributions.status, 'confirmed')))
    .groupBy(contributions.calendarId);
  return new Map(rows.map(({ calendarId, ...stats }) => [calendarId, stats]));
}

async function withStats(db: Db, rows: CalendarRow[]): Promise<CalendarWithStats[]> {
  const ended = rows.filter((row) => row.status === 'announced' || row.status === 'paid_out').map((row) => row.id);
  const [stats, closings] = await Promise.all([
    loadCalendarStats(
      db,
      rows.filter((row) => row.status !== 'draft').map((row) => row.id),
    ),
    loadClosings(db, ended),
  ]);
  return rows.map((row) => ({ ...row, stats: stats.get(row.id) ?? NO_STATS, closing: closings.get(row.id) ?? null }));
}

/** The caller's calendar, or 404 for an unknown id and for someone else's (the same answer). */
export async function getOwnedCalendar(db: Db, ownerId: string, id: string): Promise<CalendarWithStats> {
  if (!isUuid(id)) throw AppError.notFound('There is no calendar at this address.');
  const [row] = await db
    .select()
    .from(calendars)
    .where(and(eq(calendars.id, id), eq(calendars.ownerId, ownerId)));
  if (!row) throw AppError.notFound('There is no calendar at this address.');
  return (await withStats(db, [row]))[0]!;
}

export async function listOwnedCalendars(db: Db, ownerId: string): Promise<CalendarWithStats[]> {
  const rows = await db
    .select()
    .from(calendars)
    .where(eq(calendars.ownerId, ownerId))
    .orderBy(desc(calendars.createdAt));
  return withStats(db, rows);
}

/** An edit of an ended calendar: its details stay as they were when it closed. */
export const CLOSED_CALENDAR_MESSAGE = 'This calendar is closed, so its details can no longer be changed.';

/** A bank account as kept: sealed (bank-account.ts's text; the columns predate issue 24's US and UK accounts) and masked. */
type SealedBankAccount = { ibanEncrypted: string; ibanMasked: string | null };

function sealBankAccount(box: SecretBox, bankAccount: string): SealedBankAccount {
  return { ibanEncrypted: box.seal(bankAccount), ibanMasked: maskBankAccount(bankAccount) };
}

/**
 * The columns a newly given bank account sets: the account, the payout terms accepted with it, and
 * no payout recipient yet (one is made for this account; the previous account's is left unused).
 */
function toBankDetails(sealed: SealedBankAccount, termsAcceptance: PayoutTermsAcceptance | null) {
  return {
    ...sealed,
    payoutTermsAcceptance: termsAcceptance,
    payoutRecipientRef: null,
    payoutRecipientPayoutsEnabled: null,
    payoutRecipientRequirements: null,
    payoutRecipientPastDue: null,
    payoutRecipientDisabledReason: null,
  };
}

/**
 * The calendar's currency for this bank account: the one asked for, else the bank's own (a draft's
 * currency follows a new bank), refused with the reason when the bank cannot take it.
 */
function chooseCurrency(
  bankAccount: string,
  asked: Currency | undefined,
  current?: { currency: Currency; locked: boolean },
): Currency {
  const accepted = getBankAccountCurrencies(bankAccount);
  const currency =
    asked ?? (current && (current.locked || accepted.includes(current.currency)) ? current.currency : accepted[0]!);
  const { kind } = parseBankAccountText(bankAccount);
  if (accepted.includes(currency) || kind === 'iban') return currency;
  const reason = BANK_CURRENCY_MESSAGES[kind];
  throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
    fields: asked ? { currency: reason } : { bankAccount: reason },
  });
}

/**
 * Wizard step 1. Without a bank account, the account's (already encrypted) bank details are copied.
 * `termsAcceptance`: the payout terms this request accepts with the bank account.
 */
export async function createDraftCalendar(
  db: Db,
  box: SecretBox,
  ownerId: string,
  input: { firstName: string; lastName: string; bankAccount?: string; currency?: Currency },
  termsAcceptance: PayoutTermsAcceptance | null,
): Promise<CalendarRow> {
  const [profile] = await db.select().from(userProfiles).where(eq(userProfiles.userId, ownerId));
  const sealed: SealedBankAccount | undefined = input.bankAccount
    ? sealBankAccount(box, input.bankAccount)
    : profile?.ibanEncrypted
      ? { ibanEncrypted: profile.ibanEncrypted, ibanMasked: profile.ibanMasked }
      : undefined;
  if (!sealed) {
    throw new AppError('validation_failed', 'Some fields need your attention.', 400, {
      fields: { bankAccount: 'Please enter the bank account the gifts should be paid out to.' },
    });
  }
  const currency = chooseCurrency(input.bankAccount ?? box.open(sealed.ibanEncrypted), input.currency);
  const [row] = await db
    .insert(calendars)
    .values({
      id: randomUUID(),
      ownerId,
      slug: generateSlug(),
      firstName: input.firstName,
      lastName: input.lastName,
      ...toBankDetails(sealed, termsAcceptance),
      currency,
      // The account's defaults (Account Settings) apply to every new calendar.
      hideSenderNames: profile?.hideSenderNamesDefault ?? false,
      hideTotal: profile?.hideTotalDefault ?? true,
      wizardStep: 2,
    })
    .returning();
  // The first bank account a parent gives becomes the account's too, so Settings shows it and the
  // next calendar offers it; one already saved is never replaced from here (that needs the password).
  if (input.bankAccount && !profile?.ibanEncrypted) {
    await db
      .insert(userProfiles)
      .values({ userId: ownerId, ibanEncrypted: sealed.ibanEncrypted, ibanMasked: sealed.ibanMasked })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { ibanEncrypted: sealed.ibanEncrypted, ibanMasked: sealed.ibanMasked, updatedAt: new Date() },
        setWhere: isNull(userProfiles.ibanEncrypted),
      });
  }
  return row!;
}

/**
 * A PATCH's fields, as the shared schema reads them, with the bank account fields read into one
 * text (readBankAccountText); the route checks the password and the photo first.
 */
export type CalendarUpdate = Omit<z.output<typeof UpdateCalendarSchema>, 'password' | BankAccountField> & {
  bankAccount?: string;
};
type BankAccountField = 'iban' | 'routingNumber' | 'accountNumber' | 'sortCode';

/**
 * `termsAcceptance`: the payout terms this request accepts, should it give a new bank account. A
 * new bank account of a paid calendar starts its payout hold (`ibanChangedAt`, payments/payout-hold.ts); it is only
 * saved while the calendar still has the status `row` was read with, since whether the change
 * needed the password was decided on it. A calendar closed in the meantime answers 409.
 */
export async function updateCalendar(
  db: Db,
  box: SecretBox,
  row: CalendarRow & { stats?: CalendarStats },
  update: CalendarUpdate,
  termsAcceptance: PayoutTermsAcceptance | null,
): Promise<CalendarWithStats> {
  const { bankAccount, wizardStep, ...fields } = update;
  if (fields.currency && fields.currency !== row.currency && row.status !== 'draft') {
    throw new AppError('currency_locked', 'Some fields need your attention.', 400, {
      fields: { currency: 'The currency cannot change once the calendar is paid for.' },
    });
  }
  // The same bank account again keeps its payout recipient.
  const newBankAccount = findNewIban(box, row.ibanEncrypted, bankAccount);
  if ((newBankAccount || fields.currency) && row.ibanEncrypted) {
    fields.currency = chooseCurrency(newBankAccount ?? box.open(row.ibanEncrypted), fields.currency, {
      currency: row.currency,
      locked: row.status !== 'draft',
    });
  }
  const changesCurrency = fields.currency !== undefined && fields.currency !== row.currency;
  if (changesCurrency) await assertNoLiveFee(db, row.id);
  // The form sends back the automatic name it showed: stored as none, it stays automatic.
  const title =
    fields.title === undefined
      ? {}
      : { title: toStoredTitle(fields.title, [row.firstName, fields.firstName ?? row.firstName]) };
  const now = new Date();
  const [updated] = await db
    .update(calendars)
    .set({
      ...fields,
      ...title,
      ...(newBankAccount ? toBankDetails(sealBankAccount(box, newBankAccount), termsAcceptance) : {}),
      ...(newBankAccount && row.status !== 'draft' ? { ibanChangedAt: now } : {}),
      // The wizard's position only matters for drafts; a paid calendar stays on its welcome step.
      ...(wizardStep && row.status === 'draft' ? { wizardStep } : {}),
      updatedAt: now,
    })
    .where(
      and(
        eq(calendars.id, row.id),
        // A new bank account or currency was allowed for the status `row` was read with.
        newBankAccount || changesCurrency
          ? eq(calendars.status, row.status)
          : notInArray(calendars.status, ['announced', 'paid_out']),
      ),
    )
    .returning();
  if (!updated) {
    const [current] = await db.select({ status: calendars.status }).from(calendars).where(eq(calendars.id, row.id));
    if (current?.status === 'announced' || current?.status === 'paid_out') {
      throw new AppError('calendar_closed', CLOSED_CALENDAR_MESSAGE, 409);
    }
    throw new AppError('conflict', 'This calendar was changed in the meantime. Please reload and try again.', 409);
  }
  // The figures do not change with an edit of the calendar itself.
  return { ...updated, stats: row.stats ?? NO_STATS };
}

/**
 * The fee's claim (charge-payments.ts) locks the draft and charges its currency as it is then.
 * Undefined when the calendar is no longer a draft.
 */
export async function lockDraftForFee(db: Db, calendarId: string): Promise<Currency | undefined> {
  const [draft] = await db
    .select({ currency: calendars.currency })
    .from(calendars)
    .where(and(eq(calendars.id, calendarId), eq(calendars.status, 'draft')))
    .for('update');
  return draft?.currency;
}

/**
 * A draft's currency is fixed once its fee is being paid: the fee is charged in it. Takes the
 * calendar's row lock, as the fee's claim does (lockDraftForFee), so whichever comes second sees
 * the other: a claim after this change charges the new currency, a change after a claim is refused.
 * Call inside a transaction.
 */
async function assertNoLiveFee(db: Db, calendarId: string): Promise<void> {
  await db.select({ id: calendars.id }).from(calendars).where(eq(calendars.id, calendarId)).for('update');
  const [live] = await db.select({ id: payments.id }).from(payments).where(isLiveFeeOf(calendarId));
  if (live) {
    throw new AppError('currency_locked', 'Some fields need your attention.', 400, {
      fields: { currency: 'The currency cannot change while the fee is being paid.' },
    });
  }
}

/**
 * Draft → active, once, when the fee payment is confirmed (webhook or reconciliation). Returns
 * false when the calendar was not a draft any more (a replay or a second confirmation).
 */
export async function activateCalendar(db: Db, calendarId: string): Promise<boolean> {
  const activated = await db
    .update(calendars)
    .set({ status: 'active', activatedAt: new Date(), wizardStep: 5, updatedAt: new Date() })
    .where(and(eq(calendars.id, calendarId), eq(calendars.status, 'draft')))
    .returning({ id: calendars.id });
  return activated.length > 0;
}
