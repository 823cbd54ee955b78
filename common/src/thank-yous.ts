import { z } from 'zod';
import type { Currency } from './currency.ts';
import { formatNumber } from './format.ts';
import { THANK_YOU_NAME_PLACEHOLDER, THANK_YOU_NOTE_MAX_LENGTH } from './schema-constants.ts';

const message = z
  .string({ error: 'Please write your thank-you note.' })
  .trim()
  .min(1, 'Please write your thank-you note.')
  .max(THANK_YOU_NOTE_MAX_LENGTH, `The note can be at most ${formatNumber(THANK_YOU_NOTE_MAX_LENGTH)} characters.`);

/**
 * `POST /api/calendars/:id/thank-yous/:contributionId` (one participant) and
 * `POST /api/calendars/:id/thank-yous` (everyone not yet thanked, `{name}` filled per participant).
 */
export const ThankYouRequestSchema = z.object({ message });
export type ThankYouRequest = z.infer<typeof ThankYouRequestSchema>;

/** One participant (a confirmed contribution) on the owner's thank-you list. */
export type ThankYouParticipant = {
  contributionId: string;
  name: string;
  email: string;
  /** Null when the parents removed the wish (decision 023): its words and guess are gone, its gift is not. */
  guessedDate: string | null;
  wish: string;
  /** The gift in minor units of `currency`, null without one: shown to the owner only. */
  giftAmount: number | null;
  currency: Currency;
  /** When the note was recorded (ISO time), null when not thanked yet. */
  thankedAt: string | null;
  /** The note the owner wrote (with `{name}` filled in), null when not thanked yet. */
  message: string | null;
  /** An e-mail to this address failed for good (the thank-you itself or the celebration). */
  bounced: boolean;
  /** The address unsubscribed from Firstday's e-mails: a note is recorded but not e-mailed. */
  unsubscribed: boolean;
};

/** `GET /api/calendars/:id/thank-yous`. */
export type ThankYouList = {
  /** False before the end, and after a close whose gifts were refunded: then nothing can be sent. */
  open: boolean;
  /** Why sending is closed, when it is. */
  closedReason: string | null;
  babyName: string | null;
  participants: ThankYouParticipant[];
  progress: { thanked: number; total: number };
};

/** What a send recorded: the notes written now (`sent`), and the list as it is afterwards. */
export type ThankYouSendResult = { sent: number; list: ThankYouList };

/** Replaces every `{name}` in a note with the participant's name. */
export function fillThankYouName(message: string, name: string): string {
  return message.split(THANK_YOU_NAME_PLACEHOLDER).join(name);
}
