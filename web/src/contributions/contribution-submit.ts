import type { PublicCalendar } from '@firstday/common/contributions';
import { type PollOptions, pollUntil } from '../lib/poll.ts';

export const CONFIRM_POLL_INTERVAL_MS = 1000;
export const CONFIRM_POLL_TIMEOUT_MS = 30_000;

export function countGuessesOn(calendar: Pick<PublicCalendar, 'guesses'>, date: string): number {
  return calendar.guesses.filter((guess) => guess.date === date).length;
}

/** A guess shows once its gift is paid: its wish appears, or its day has more guesses than before sending. */
export function hasGuessAppeared(
  calendar: Pick<PublicCalendar, 'guesses' | 'wishes'>,
  { contributionId, date, countBefore }: { contributionId: string; date: string; countBefore: number },
): boolean {
  return (
    calendar.wishes.items.some((wish) => wish.id === contributionId) || countGuessesOn(calendar, date) > countBefore
  );
}

/**
 * Reads the public calendar until `isDone` says the contribution shows; true when it did, false when
 * it still does not after `timeoutMs` (the receipt e-mail confirms it later). A failed read is retried.
 */
export async function pollCalendarUntil(
  fetchCalendar: (signal?: AbortSignal) => Promise<PublicCalendar>,
  isDone: (calendar: PublicCalendar) => boolean,
  { intervalMs = CONFIRM_POLL_INTERVAL_MS, timeoutMs = CONFIRM_POLL_TIMEOUT_MS, ...options }: Partial<PollOptions> = {},
): Promise<boolean> {
  const done = await pollUntil(
    async (signal) => {
      try {
        if (isDone(await fetchCalendar(signal))) return true;
      } catch (error) {
        if (signal?.aborted) throw error;
      }
      return undefined;
    },
    { intervalMs, timeoutMs, ...options },
  );
  return done ?? false;
}

const FORM_FIELDS = [
  'name',
  'email',
  'wish',
  'guessedDate',
  'giftAmount',
  'guessedTimeMinutes',
  'guessedWeight',
] as const;
export type FormField = (typeof FORM_FIELDS)[number];

/**
 * Splits the server's field errors: the form's own fields, and the card's ('payment.card.number' →
 * 'number'), which the payment part shows.
 */
export function splitFieldErrors(fields: Readonly<Record<string, string>>): {
  form: Partial<Record<FormField, string>>;
  card: Record<string, string>;
} {
  const form: Partial<Record<FormField, string>> = {};
  const card: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    if (name.startsWith('payment')) card[name.split('.').pop() ?? name] ??= message;
    // 'guessedWeight.ounces' is the weight field's message.
    else if (name.startsWith('guessedWeight')) form.guessedWeight ??= message;
    else if ((FORM_FIELDS as readonly string[]).includes(name)) form[name as FormField] ??= message;
  }
  return { form, card };
}
