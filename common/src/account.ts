import { z } from 'zod';
import type { Currency } from './currency.ts';
import { EmailSchema } from './email.ts';
import type { Locale } from './locales.ts';
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './schema-constants.ts';

/** `GET /api/users/me`: the specification's user record plus profile settings. */
export type CurrentUser = {
  first_name: string;
  last_name: string;
  name: string;
  email: string;
  email_verified: boolean;
  /** False for accounts that sign in only through the federated provider: they confirm by signing in again. */
  has_password: boolean;
  /**
   * The account's payout bank account, masked (maskBankAccount): 'DE89 •••• •••• •••• 3000',
   * 'US ••••6789 (routing 110000000)', 'GB 10-88-00 ••••2345'; null until the user gives bank
   * details. Named `IBAN` since before US and UK accounts (issue 24).
   */
  IBAN: string | null;
  settings: {
    /** Minor units of `savings_goal_currency`; both null without a goal. */
    savings_goal_amount: number | null;
    savings_goal_currency: Currency | null;
    hide_sender_names_default: boolean;
    hide_total_default: boolean;
    /** An e-mail for each paid gift; on by default. */
    gift_notifications: boolean;
    /** The signed-in area's and the owner's e-mails' language; null until first set (the shell sets it). */
    locale: Locale | null;
  };
};

export const NameSchema = z
  .string({ error: 'Please enter your name.' })
  .trim()
  .min(1, 'Please enter your name.')
  .max(NAME_MAX_LENGTH, `A name can be at most ${NAME_MAX_LENGTH} characters.`);

export const PasswordSchema = z
  .string({ error: 'Please enter a password.' })
  .min(1, 'Please enter a password.')
  .min(PASSWORD_MIN_LENGTH, `Your password needs at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `A password can be at most ${PASSWORD_MAX_LENGTH} characters.`);

export const SignUpSchema = z.object({ name: NameSchema, email: EmailSchema, password: PasswordSchema });
export type SignUp = z.infer<typeof SignUpSchema>;

export const SignInSchema = z.object({
  email: z.string().trim().min(1, 'Please fill in all fields'),
  password: z.string().min(1, 'Please fill in all fields'),
});

/** Minor units, in the goal's currency (1,000,000 dollars). */
export const SAVINGS_GOAL_MAX_AMOUNT = 100_000_000;
/** The Settings form takes the savings goal in dollars. */
export const SAVINGS_GOAL_CURRENCY: Currency = 'usd';

/**
 * The account's password, sent with a change a stolen session must not make alone (a new payout
 * bank account, a new e-mail address). Accounts without a password leave it out and sign in again instead.
 */
export const ConfirmPasswordSchema = z.string().max(200).optional();

/**
 * `POST /api/account/delete`. Password accounts send the password; accounts without one type
 * DELETE (and must have signed in within the last 10 minutes).
 */
export const DeleteAccountRequestSchema = z.object({
  password: z.string().max(200).optional(),
  confirm: z.literal('DELETE').optional(),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequestSchema>;

/**
 * Why a calendar keeps its owner's account from being deleted: an active calendar with gifts must
 * be closed first ('close_first'); an ended one waits for its payout or refunds ('settling'); a
 * failed payout needs support ('payout_failed'); a draft waits for a fee payment under way
 * ('payment_in_progress').
 */
export type AccountDeletionBlockerReason = 'close_first' | 'settling' | 'payout_failed' | 'payment_in_progress';

export type AccountDeletionBlocker = {
  calendarId: string;
  title: string;
  reason: AccountDeletionBlockerReason;
  /** Gifts collected and held for the calendar: what its close pays out or refunds. */
  gifts: { count: number; amount: number; currency: Currency };
  /** Gifts being refunded to their givers (closed with refunds, or charged after the end). */
  refunds: { count: number; amount: number; currency: Currency };
  /** Payments the payment provider has neither confirmed nor declined yet. */
  paymentsInProgress: number;
  /** The calendar's payout while it is on its way or after it failed. */
  payout: { amount: number; currency: Currency; status: 'pending' | 'failed'; failureReason?: string } | null;
};

/** `GET /api/account/deletion`: what must be settled before the account can be deleted. */
export type AccountDeletionCheck = { canDelete: boolean; blockers: AccountDeletionBlocker[] };
