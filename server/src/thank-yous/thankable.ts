import { and, eq, type SQL } from 'drizzle-orm';
import { hasGuestContact } from '../contributions/guest-contact.ts';
import { contributions } from '../contributions/schema.ts';
import { notRemovedOrWithGift } from '../contributions/wish-moderation.ts';

/** The columns of a contribution that make its ThankYouRecipient, for a select. */
export const thankYouRecipientColumns = {
  id: contributions.id,
  name: contributions.name,
  email: contributions.email,
  locale: contributions.locale,
};

/**
 * The participants the parents of a calendar may thank: its confirmed contributions, less the
 * wishes they removed unless that wish came with a gift, and those whose address was erased after
 * the thank-you period (retention schedule).
 */
export function isThankableOn(calendarId: string): SQL {
  return and(
    eq(contributions.calendarId, calendarId),
    eq(contributions.status, 'confirmed'),
    notRemovedOrWithGift,
    hasGuestContact,
  )!;
}
