import { z } from 'zod';
import type { BackgroundId, CalendarStatus } from './calendars.ts';
import { PaymentMethodSchema } from './calendars.ts';
import type { Currency } from './currency.ts';
import { EmailSchema } from './email.ts';
import { formatNumber } from './format.ts';
import { GuessedTimeSchema, GuessedWeightSchema } from './fun-guess-schemas.ts';
import { LocaleSchema } from './locale-schema.ts';

export const WISH_MAX_LENGTH = 1000;
/** Gift limits and presets: minor units, in the calendar's currency. */
export const GIFT_MIN_AMOUNT = 100;
export const GIFT_MAX_AMOUNT = 1_000_000;
export const GIFT_PRESET_AMOUNTS = [1000, 2500, 5000, 10_000] as const;
/** A gift above this (ten times the largest preset) is asked about once more before it is charged. */
export const GIFT_CONFIRM_ABOVE_AMOUNT = 10 * Math.max(...GIFT_PRESET_AMOUNTS);
export const WISHES_PAGE_SIZE = 20;
/** The creator's inbox shows all wishes, the unread ones or those with a gift (`GET /api/wishes?show=`). */
export const WishFilterSchema = z.enum(['all', 'unread', 'gift']);
export type WishFilter = z.infer<typeof WishFilterSchema>;

export const ContributorNameSchema = z
  .string({ error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(80, 'A name can be at most 80 characters.');

export const WishSchema = z
  .string({ error: 'Please write a wish.' })
  .trim()
  .min(1, 'Please write a wish.')
  .max(WISH_MAX_LENGTH, `A wish can be at most ${formatNumber(WISH_MAX_LENGTH)} characters.`);

export const GiftAmountSchema = z
  .number({ error: 'Please enter an amount in dollars.' })
  .int('Please enter whole cents.')
  .min(GIFT_MIN_AMOUNT, 'The smallest gift is $1.')
  .max(GIFT_MAX_AMOUNT, 'The largest gift is $10,000.');

/**
 * `POST /api/public/calendars/:slug/contributions`. The window check needs the calendar's due date,
 * so the server adds it (field `guessedDate`). Without `guessedDate`: a welcome gift after the birth
 * (`PublicCalendar.welcomeGifts`), which needs a gift.
 */
export const ContributionRequestSchema = z.object({
  /** One per submission attempt, made by the browser; a retry sends the same key. */
  idempotencyKey: z.string().min(16).max(100),
  name: ContributorNameSchema,
  email: EmailSchema,
  guessedDate: z
    .string({ error: 'Please pick a day.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please pick a day.')
    .optional(),
  wish: WishSchema,
  /** Only when the calendar asks for it (`PublicCalendar.guessTime`): minutes after midnight. */
  guessedTimeMinutes: GuessedTimeSchema.nullable().optional(),
  /** Only when the calendar asks for it (`PublicCalendar.guessWeight`): grams or pounds + ounces, stored in grams. */
  guessedWeight: GuessedWeightSchema.nullable().optional(),
  /** Absent or null: a guess and a wish without a gift. Minor units of the calendar's currency (`PublicCalendar.currency`). */
  giftAmount: GiftAmountSchema.nullable().optional(),
  /** Required when `giftAmount` is set. */
  payment: PaymentMethodSchema.optional(),
  /** The page's language when the guest sent it: their e-mails are written in it. */
  locale: LocaleSchema.optional(),
  /** ALTCHA payload (invisible proof of work). */
  captchaValue: z.string({ error: 'Please wait a moment and send again.' }).min(1).max(8_192),
});
export type ContributionRequest = z.input<typeof ContributionRequestSchema>;

/**
 * `PATCH /api/public/contributions/:id?token=`: any of the fields; null clears a fun guess (time,
 * weight), which only a calendar that asks for it takes.
 */
export const UpdateOwnContributionSchema = ContributionRequestSchema.pick({
  guessedDate: true,
  wish: true,
  guessedTimeMinutes: true,
  guessedWeight: true,
})
  .partial()
  .strict();
export type UpdateOwnContribution = z.output<typeof UpdateOwnContributionSchema>;
export type UpdateOwnContributionRequest = z.input<typeof UpdateOwnContributionSchema>;

/** What the private edit link shows: the contributor's own entry (their e-mail and gift included). */
export type OwnContribution = {
  id: string;
  status: 'confirmed' | 'pending_payment' | 'failed';
  name: string;
  email: string;
  /** Null for a welcome gift, sent after the birth. */
  guessedDate: string | null;
  wish: string;
  /** The fun guesses, when given: minutes after midnight, grams. */
  guessedTimeMinutes: number | null;
  guessedWeightGrams: number | null;
  /** Minor units of `currency`; null without a gift. */
  giftAmount: number | null;
  currency: Currency;
  createdAt: string;
  /** False once the birth is announced. */
  editable: boolean;
  calendar: {
    slug: string;
    title: string;
    status: string;
    dueDate: string;
    background: string;
    window: { first: string; last: string };
    guessTime: boolean;
    guessWeight: boolean;
  };
};

/** A guess as the public sees it: the name is 'A friend' or initials when the creator hides names. */
export type PublicGuess = { date: string; name: string };

/** A closest guess of the time of birth or the weight, just for fun: no amounts, names per the hide flag. */
export type PublicTimeGuess = { name: string; minutes: number; minutesOff: number };
export type PublicWeightGuess = { name: string; grams: number; gramsOff: number };

/** `guessedDate` is null for a welcome wish, sent with a gift after the birth was announced. */
export type PublicWish = { id: string; name: string; guessedDate: string | null; wish: string; createdAt: string };

/** `GET /api/public/calendars/:slug`: never e-mail addresses, never individual amounts. */
export type PublicCalendar = {
  slug: string;
  status: Exclude<CalendarStatus, 'draft'>;
  title: string;
  parentNames: string;
  dueDate: string;
  background: BackgroundId;
  /** The money of gifts to this calendar; amounts are minor units of it. */
  currency: Currency;
  /** Guessing for fun beside the date: the form asks for the time of birth and/or the weight. */
  guessTime: boolean;
  guessWeight: boolean;
  /** The parents' cover photo (`imageSrcSet(id)`, common/images.ts) and its upright size, or null. */
  coverImageId: string | null;
  coverImageSize: { width: number; height: number } | null;
  /** The parents' note to their guests, or null. */
  parentsNote: string | null;
  window: { first: string; last: string };
  guesses: PublicGuess[];
  /** Only when the creator turned 'Hide total' off; minor units of `currency`. */
  totalRaisedAmount?: number;
  participants: number;
  wishes: { items: PublicWish[]; nextCursor: string | null };
  /**
   * While the parents keep the page open for welcome gifts after the announcement: until when (ISO
   * time). New guesses stay closed; a gift with a wish is welcome. Null otherwise.
   */
  welcomeGifts: { until: string } | null;
  /**
   * Once the birth is announced: the date, the thank-you text and the closest guesses (names follow
   * the hide flag). Null before, and after a close without celebration (status 'announced').
   */
  announcement: {
    birthDate: string;
    message: string;
    closestGuesses: PublicGuess[];
    /** The baby's details, each optional. */
    babyName: string | null;
    babyImageId: string | null;
    birthTimeMinutes: number | null;
    birthWeightGrams: number | null;
    /**
     * Just for fun: the guesses nearest the announced time (around midnight) and weight, all tied ones
     * up to three. Null when the calendar did not ask for it or the parents did not give it.
     */
    closestTimeGuesses: PublicTimeGuess[] | null;
    closestWeightGuesses: PublicWeightGuess[] | null;
  } | null;
};

export type ContributionResponse = {
  contributionId: string;
  status: 'confirmed' | 'pending_payment' | 'failed';
  payment?: { status: string; failureCode?: string; clientSecret?: string };
};

/** The creator's view of a wish (`GET /api/wishes`). */
export type OwnerWish = {
  id: string;
  calendarId: string;
  calendarTitle: string;
  /** Null for a welcome gift, sent after the birth. */
  predictedDate: string | null;
  name: string;
  initials: string;
  email: string;
  wish: string;
  /** The gift sent with the wish (0 without one), in minor units of `currency`. */
  giftAmount: number;
  /** The calendar's currency. */
  currency: Currency;
  createdAt: string;
  read: boolean;
  /** Hidden by the parents from the public page (and its keepsake); still here and in the export. */
  hidden: boolean;
};

/**
 * `GET /api/wishes/page-view?slug=`: whether the visitor of a guest page is its owner, so the page
 * can offer the parents' moderation. `false` for guests, other accounts and unknown slugs alike.
 */
export type WishPageView = { owner: false } | { owner: true; calendarId: string; hiddenWishes: number };
