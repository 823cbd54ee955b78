import { notLike, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { type ContributionRow, contributions } from './schema.ts';

/**
 * How a guest's erased address starts (privacy/retention-job.ts): after the thank-you period a
 * contribution keeps a pseudonym instead of the address, the same for one guest's contributions
 * to one calendar, so the page still counts participants. Such a contribution gets no more e-mail.
 */
export const ERASED_EMAIL_PREFIX = 'erased:';

/** Contributions whose guest can still be written to. */
export const hasGuestContact = notLike(contributions.email, `${ERASED_EMAIL_PREFIX}%`);

/** A contribution's address as the parents see it: none once erased. */
export function readGuestEmail(email: string): string {
  return email.startsWith(ERASED_EMAIL_PREFIX) ? '' : email;
}

/**
 * A contribution with its guest erased: no name, address, words, guesses or edit link. What stays
 * (the row, its amount and payment) is what the ledger and the parents' total need. The address's
 * pseudonym is the row's own, so the row still counts as one participant where it is counted.
 */
export const ERASED_GUEST_DETAILS = {
  name: '',
  email: sql`${ERASED_EMAIL_PREFIX} || ${contributions.id}`,
  wish: '',
  editTokenHash: null,
  guessedDate: null,
  guessedTimeMinutes: null,
  guessedWeightGrams: null,
} satisfies PgUpdateSetSource<typeof contributions>;

/** A gift whose guest deleted their wish and details from the edit link (own-contribution.ts). */
export function isDeletedByGuest(contribution: Pick<ContributionRow, 'name' | 'removedAt'>): boolean {
  return contribution.removedAt !== null && contribution.name === '';
}
