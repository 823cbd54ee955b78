import type { BackgroundId } from './calendars.ts';

/** One wish in the keepsake: the sender's real name (owner) or display name per the hide flag (public). */
export type KeepsakeWish = {
  id: string;
  name: string;
  /** Null for a welcome gift's wish, sent after the birth. */
  guessedDate: string | null;
  /** Minutes after midnight, when the calendar asked for the time of birth. */
  guessedTimeMinutes: number | null;
  guessedWeightGrams: number | null;
  wish: string;
  createdAt: string;
};

/**
 * The keepsake book of an announced calendar: the owner's PDF (`GET /api/calendars/:id/keepsake.pdf`,
 * real names) and the public part (`GET /api/public/calendars/:slug/keepsake`, names per the hide
 * flag). Never any gift amount.
 */
export type KeepsakeBook = {
  slug: string;
  title: string;
  parentNames: string;
  dueDate: string;
  background: BackgroundId;
  window: { first: string; last: string };
  parentsNote: string | null;
  announcement: {
    birthDate: string;
    babyName: string | null;
    birthTimeMinutes: number | null;
    birthWeightGrams: number | null;
    thankYouMessage: string | null;
  };
  /** Oldest first, as they arrived. */
  wishes: KeepsakeWish[];
};

const DAY_MS = 86_400_000;
/** A birth this many days outside the guess window still widens the calendar of guesses to show it. */
const BIRTH_REACH_DAYS = 45;

/**
 * The days the calendar of guesses spans: the guess window, widened to the birthday when the baby
 * came a little before or after it (not when the birth date is far away, which would draw years).
 */
export function getKeepsakeCalendarRange(book: Pick<KeepsakeBook, 'window' | 'announcement'>): {
  first: string;
  last: string;
} {
  const { first, last } = book.window;
  const birth = book.announcement.birthDate;
  const distance = Math.max(Date.parse(first) - Date.parse(birth), Date.parse(birth) - Date.parse(last)) / DAY_MS;
  if (distance > BIRTH_REACH_DAYS) return { first, last };
  return { first: [birth, first].sort()[0]!, last: [birth, last].sort()[1]! };
}

/** How many guesses name each day; welcome gifts' wishes, which name none, are no guesses. */
export function countGuessesPerDay(wishes: Pick<KeepsakeWish, 'guessedDate'>[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { guessedDate } of wishes) if (guessedDate) counts.set(guessedDate, (counts.get(guessedDate) ?? 0) + 1);
  return counts;
}

/** The guesses of the calendar, without the welcome gifts' wishes. */
export function countGuesses(counts: Map<string, number>): number {
  let total = 0;
  for (const count of counts.values()) total += count;
  return total;
}

/** The file name of the owner's download: 'Firstday keepsake – Little Bean.pdf' without characters a file system dislikes. */
export function getKeepsakeFileName(title: string): string {
  const clean = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `Firstday keepsake - ${clean || 'calendar'}.pdf`;
}
