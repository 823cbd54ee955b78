import { z } from 'zod';
import type { CalendarClosing } from './announcements.ts';
import type { BackgroundId } from './backgrounds.ts';
import { getLatestDueDate, toIsoDate } from './calendar-dates.ts';
import { CardDetailsSchema } from './cards.ts';
import type { Currency } from './currency.ts';
import { PARENTS_NOTE_MAX_LENGTH } from './schema-constants.ts';

// The backgrounds, the dates and (in schema-constants.ts) the step count live in modules without
// zod, which the wizard draws with before it loads its checks (decision 037).
export { BACKGROUNDS, type BackgroundId } from './backgrounds.ts';
export { getLatestDueDate, toIsoDate } from './calendar-dates.ts';
// The fee lives in creation-fee.ts, beside its one formatter, which the marketing islands load without zod.
export { CREATION_FEE_AMOUNT } from './creation-fee.ts';
export { WIZARD_STEPS } from './schema-constants.ts';
export const CALENDAR_STATUSES = ['draft', 'active', 'announced', 'paid_out'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];

export const BackgroundSchema = z.enum(['pink', 'blue', 'sun'], { error: 'Please choose a background.' });

/** Expected birth date: today or later, at most 10 months ahead. `today` is injectable for tests. */
export function createDueDateSchema(today: () => string = () => toIsoDate(new Date())) {
  return z
    .string({ error: 'Please choose the expected birth date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please choose the expected birth date.')
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Please choose a real date.')
    .refine((value) => value >= today(), 'The expected birth date cannot be in the past.')
    .refine((value) => value <= getLatestDueDate(today()), 'The expected birth date can be at most 10 months ahead.');
}

export const CalendarTitleSchema = z
  .string()
  .trim()
  .min(1, 'Please give your calendar a name.')
  .max(80, 'A calendar name can be at most 80 characters.');

/** The parents' note to their guests (optional): an empty note is saved as none. */
export const ParentsNoteSchema = z
  .string()
  .trim()
  .max(PARENTS_NOTE_MAX_LENGTH, `A note can be at most ${PARENTS_NOTE_MAX_LENGTH} characters.`)
  .transform((note) => note || null)
  .nullable();

export const PaymentMethodSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('card'), card: CardDetailsSchema }),
  z.object({ type: z.literal('wallet'), wallet: z.enum(['apple_pay', 'google_pay']) }),
  /** Stripe: the browser confirms the PaymentIntent with the Payment Element; no card data here. */
  z.object({ type: z.literal('stripe') }),
]);

export const PayRequestSchema = z.object({
  /** One per attempt, made by the browser; a retry of the same attempt sends the same key. */
  idempotencyKey: z.string().min(16).max(100),
  method: PaymentMethodSchema,
  /** Asked for after a few declined attempts (`captcha_required`, decision 022). */
  captchaValue: z.string().trim().min(1).max(8_192).optional(),
});
export type PayRequest = z.input<typeof PayRequestSchema>;

export type PaymentStatus = 'pending' | 'processing' | 'succeeded' | 'failed' | 'refunded';

export type PayResponse = {
  payment: {
    status: PaymentStatus;
    /** e.g. 'card_declined', 'insufficient_funds' */
    failureCode?: string;
    /** Stripe only: confirm this PaymentIntent in the browser. */
    clientSecret?: string;
  };
  calendar: OwnerCalendar;
};

/** What the owner sees of a calendar (`GET /api/calendars/:id`, list items). */
export type OwnerCalendar = {
  id: string;
  slug: string;
  /** '/c/<slug>' once active; drafts have no public link. */
  shareUrl: string | null;
  status: CalendarStatus;
  title: string;
  firstName: string;
  lastName: string;
  dueDate: string | null;
  background: BackgroundId;
  /** Masked (bank-account.ts): 'DE89 •••• •••• •••• 3000', 'US ••••6789 (routing 110000000)'. */
  bankAccount: string | null;
  /** The money of the fee, the gifts and the payout; amounts below are minor units of it. */
  currency: Currency;
  hideSenderNames: boolean;
  hideTotal: boolean;
  /** Guessing for fun beside the date: guests may also guess the time of birth / the weight. */
  guessTime: boolean;
  guessWeight: boolean;
  wizardStep: number;
  participants: number;
  raisedAmount: number;
  createdAt: string;
  activatedAt: string | null;
  /** Set once the calendar was announced or closed. */
  closing: CalendarClosing | null;
  /** The parents' page: the cover photo (`/images/<id>/…`, common/images.ts) and a note to guests. */
  coverImageId: string | null;
  parentsNote: string | null;
  /** Chosen in advance: what happens to the gifts if the birth is never announced (decision 026). */
  giftsIfNotAnnounced: 'pay_out' | 'refund';
  /** An active calendar's scheduled end if the birth is not announced by then (end-schedule.ts); else null. */
  endsOn: string | null;
};

export const SupportRequestSchema = z.object({
  calendarId: z.uuid().optional(),
  message: z
    .string({ error: 'Please write your message.' })
    .trim()
    .min(1, 'Please write your message.')
    .max(5000, 'A message can be at most 5,000 characters.'),
});

/** Unguessable share slugs: at least 10 random base-62 characters (PRODUCT.md). */
export const SLUG_LENGTH = 12;
