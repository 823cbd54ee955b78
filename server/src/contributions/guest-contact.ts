import { notLike } from 'drizzle-orm';
import { contributions } from './schema.ts';

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
