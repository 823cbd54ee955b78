import type { BackgroundId } from '@firstday/common/calendars';
import { type Email, renderEmail } from './layout.ts';

type Calendar = { title: string; slug: string; firstName: string; background: BackgroundId };

/** The owner's personal thank-you to one participant, with the baby's photo and name when given. */
export function createThankYouNoteEmail(input: {
  appUrl: string;
  calendar: Calendar;
  /** The participant's name, as they signed their guess. */
  name: string;
  /** The owner's note, `{name}` already filled in; blank lines and line breaks start paragraphs. */
  message: string;
  babyName: string | null;
  /** Absolute URL of the baby's photo, or null for none. */
  babyImageUrl: string | null;
  unsubscribeUrl: string;
}): Promise<Email> {
  const { calendar } = input;
  const paragraphs = input.message
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return renderEmail({
    appUrl: input.appUrl,
    background: calendar.background,
    subject: `A thank-you note from ${calendar.firstName}`,
    heading: input.babyName ? `Thank you from ${calendar.firstName} and ${input.babyName}` : 'Thank you!',
    ...(input.babyImageUrl
      ? { image: { url: input.babyImageUrl, alt: input.babyName ? `${input.babyName}, the new baby` : 'The new baby' } }
      : {}),
    paragraphs: [...paragraphs, `— ${calendar.firstName}`],
    action: { label: 'See the calendar', url: `${input.appUrl}/c/${calendar.slug}` },
    footer: [`${calendar.firstName} wrote this note to you for your guess on “${calendar.title}”.`],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
