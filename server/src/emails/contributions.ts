import type { BackgroundId } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { type Email, renderEmail } from './layout.ts';

type Calendar = { title: string; background: BackgroundId };

const WISH_PREVIEW_CHARS = 300;
const MAX_LISTED = 20;

function previewWish(wish: string): string {
  const chars = [...wish];
  return chars.length > WISH_PREVIEW_CHARS ? `${chars.slice(0, WISH_PREVIEW_CHARS).join('')}…` : wish;
}

/** The contributor's receipt, with the private link to change the guess or wish. */
export function createContributionReceiptEmail(input: {
  appUrl: string;
  name: string;
  calendar: Calendar;
  guessedDate: string;
  wish: string;
  gift?: { cents: number; paidWith: string; paidOn: string };
  editUrl: string;
}): Promise<Email> {
  const { gift } = input;
  return renderEmail({
    appUrl: input.appUrl,
    background: input.calendar.background,
    subject: gift ? 'Thank you for your wish and your gift' : 'Thank you for your wish',
    heading: 'Thank you for your wish',
    paragraphs: [
      `Hello ${input.name},`,
      `Your guess and wish are on “${input.calendar.title}”.`,
      `Your guess: ${formatLongDate(input.guessedDate)}`,
      `Your wish: ${input.wish}`,
      ...(gift
        ? [
            `Your gift: ${formatMoney(gift.cents, { minorUnits: 'always' })}, paid with ${gift.paidWith} on ${formatLongDate(gift.paidOn)}. This e-mail is your receipt; the whole amount goes to the parents (Firstday takes no fee from gifts).`,
          ]
        : []),
      'You can change your guess or your wish until the birth is announced. Keep this link to yourself: anyone with it can edit your wish.',
    ],
    action: { label: 'Change my guess or wish', url: input.editUrl },
    footer: ['You get this e-mail because you left a wish on a Firstday calendar.'],
  });
}

/** The creator's hourly 'new wishes' e-mail: the wishes that came without a gift. */
export function createWishDigestEmail(input: {
  appUrl: string;
  name: string;
  calendar: Calendar;
  wishes: readonly { name: string; guessedDate: string; wish: string }[];
  unsubscribeUrl: string;
}): Promise<Email> {
  const total = input.wishes.length;
  const count = total === 1 ? 'a new wish' : `${total} new wishes`;
  const listed = input.wishes
    .slice(0, MAX_LISTED)
    .map((wish) => `${wish.name} guessed ${formatLongDate(wish.guessedDate)}: “${previewWish(wish.wish)}”`);
  const more = total > MAX_LISTED ? [`…and ${total - MAX_LISTED} more.`] : [];
  return renderEmail({
    appUrl: input.appUrl,
    background: input.calendar.background,
    subject: `${total === 1 ? 'A new wish' : `${total} new wishes`} on “${input.calendar.title}”`,
    heading: `You have ${count}`,
    paragraphs: [
      `Hello ${input.name},`,
      `Family and friends left ${count} on “${input.calendar.title}”:`,
      ...listed,
      ...more,
    ],
    action: { label: 'Read the wishes', url: `${input.appUrl}/wishes` },
    footer: ['You get this e-mail (at most once an hour) because you created a calendar on Firstday.'],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}

/** The creator hears of each gift as soon as it is paid: 'Tom sent $35 and a wish'. */
export function createGiftNotificationEmail(input: {
  appUrl: string;
  name: string;
  calendar: Calendar;
  gift: { senderName: string; cents: number; guessedDate: string; wish: string };
  unsubscribeUrl: string;
}): Promise<Email> {
  const { gift } = input;
  const news = `${gift.senderName} sent ${formatMoney(gift.cents, { minorUnits: 'always' })} and a wish`;
  return renderEmail({
    appUrl: input.appUrl,
    background: input.calendar.background,
    subject: `${news} on “${input.calendar.title}”`,
    heading: news,
    paragraphs: [
      `Hello ${input.name},`,
      `${gift.senderName} sent a gift of ${formatMoney(gift.cents, { minorUnits: 'always' })} to “${input.calendar.title}” and guessed ${formatLongDate(gift.guessedDate)}:`,
      `“${previewWish(gift.wish)}”`,
      'The gift is paid out to your bank account with the others when you announce the birth.',
    ],
    action: { label: 'Read the wishes', url: `${input.appUrl}/wishes` },
    footer: [
      'You get this e-mail for each gift because you created a calendar on Firstday.',
      `Turn these e-mails off in your settings: ${input.appUrl}/settings`,
    ],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
