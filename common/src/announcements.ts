import { z } from 'zod';
import type { Currency } from './currency.ts';
import { formatNumber } from './format.ts';
import { BirthTimeSchema, BirthWeightSchema } from './fun-guess-schemas.ts';
import { BABY_NAME_MAX_LENGTH } from './fun-guesses.ts';
import { THANK_YOU_MAX_LENGTH } from './schema-constants.ts';

/** `POST /api/calendars/:id/announce`: the birth. The date may not be in the future nor before the calendar was created. */
export const AnnounceRequestSchema = z.object({
  birthDate: z
    .string({ error: 'Please enter the birth date.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter the birth date.'),
  thankYouMessage: z
    .string({ error: 'Please write a few words of thanks.' })
    .trim()
    .min(1, 'Please write a few words of thanks.')
    .max(THANK_YOU_MAX_LENGTH, `The message can be at most ${formatNumber(THANK_YOU_MAX_LENGTH)} characters.`),
  /** The baby's details, each optional; an empty name is no name. */
  babyName: z
    .string({ error: 'Please enter the name as text.' })
    .trim()
    .max(BABY_NAME_MAX_LENGTH, `A name can be at most ${BABY_NAME_MAX_LENGTH} characters.`)
    .transform((name) => name || null)
    .nullable()
    .optional(),
  /** Minutes after midnight. */
  birthTimeMinutes: BirthTimeSchema.nullable().optional(),
  /** Grams or pounds + ounces; stored in grams. */
  birthWeight: BirthWeightSchema.nullable().optional(),
  /** An uploaded image of the calendar's owner (`images`). */
  babyImageId: z.uuid({ error: 'Please choose the photo again.' }).nullable().optional(),
  /**
   * Keep the page open for welcome gifts (a wish and a gift, no guess) for `WELCOME_GIFT_DAYS`
   * (common/welcome-gifts.ts); the payout then waits for the window's end. Off when absent.
   */
  welcomeGifts: z.boolean().optional(),
});
export type AnnounceRequest = z.infer<typeof AnnounceRequestSchema>;
export type AnnounceRequestInput = z.input<typeof AnnounceRequestSchema>;

/** `POST /api/calendars/:id/close`: a close without celebration (a loss or a change of plans). */
export const CloseCalendarRequestSchema = z.object({
  /** What happens to the gifts collected so far. */
  gifts: z.enum(['pay_out', 'refund'], { error: 'Please choose what happens to the gifts.' }),
  /** Send participants a short, neutral notice. */
  notifyParticipants: z.boolean(),
  /** Optional words for that notice. */
  message: z.string().trim().max(THANK_YOU_MAX_LENGTH).optional(),
});
export type CloseCalendarRequest = z.infer<typeof CloseCalendarRequestSchema>;

export type PayoutStatus = 'pending' | 'paid' | 'failed';

/** The owner's view of what happened at the end of a calendar (also on `OwnerCalendar.closing`). */
export type CalendarClosing = {
  kind: 'announcement' | 'close';
  birthDate: string | null;
  thankYouMessage: string | null;
  /** The baby's details given with an announcement (null when not given, and for a close). */
  /** What happened to the gifts: paid out (every announcement) or, on a close, refunded. */
  gifts: 'pay_out' | 'refund';
  babyName: string | null;
  babyImageId: string | null;
  birthTimeMinutes: number | null;
  birthWeightGrams: number | null;
  closedAt: string;
  /**
   * Announcement only, when the parents kept the page open for welcome gifts: until when (ISO time),
   * and when it closed (its time or 'Pay out now'; null while open). The payout exists once closed.
   */
  welcomeGifts: { until: string; closedAt: string | null } | null;
  /**
   * `awaitingVerification`: pending because the payment provider still checks the parents' details.
   * `heldUntil` (ISO time): pending because the IBAN was changed less than `PAYOUT_HOLD_HOURS` ago.
   */
  payout: {
    amount: number;
    currency: Currency;
    status: PayoutStatus;
    failureReason?: string;
    awaitingVerification?: true;
    heldUntil?: string;
  } | null;
  /** Gifts refunded (`count`, their `amount`) and still being refunded (`pending`). */
  refunds: { count: number; amount: number; currency: Currency; pending: number } | null;
  emails: { total: number; sent: number; failed: string[] };
};
