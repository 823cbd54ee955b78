import type { BackgroundId } from '@firstday/common/calendars';
import type { Locale } from '@firstday/common/locales';
import { serverTranslator } from '../lib/i18n.ts';
import { quoteInSubject } from './formatting.ts';
import { type Email, renderEmail } from './layout.ts';

type Calendar = { title: string; slug: string; firstName: string; background: BackgroundId };

// The first words of a closing line in our three languages ('With love,', 'Liebe Grüße', 'Обнимаем').
const CLOSING_WORDS =
  /^(with love|love|lots of love|all our love|much love|hugs|xoxo|best|warmly|warm regards|kind regards|regards|cheers|thanks again|thank you again|yours|mit liebe|liebe grüße|viele grüße|herzliche grüße|herzlich|alles liebe|lg|danke nochmals|eure|euer|deine|dein|ihre|с любовью|обнимаем|обнимаю|целуем|целую|ваши|ваша|ваш|твои|спасибо ещё раз|с благодарностью)(?=$|[\s,.!])/iu;
// A signature is a short last line; a longer one is still the note.
const SIGN_OFF_MAX_LENGTH = 60;

/**
 * Whether the note already ends with the parents' sign-off ('With love, Anna & Tom', '— Anna',
 * 'Anna & Tom' under 'Love,'): then the default signature would sign it twice.
 */
export function endsWithSignOff(paragraphs: readonly string[], firstName: string): boolean {
  const last = paragraphs.at(-1)?.trim() ?? '';
  if (last === '' || last.length > SIGN_OFF_MAX_LENGTH) return false;
  const name = firstName.trim().toLocaleLowerCase();
  return (
    /^[—–-]/.test(last) ||
    CLOSING_WORDS.test(last) ||
    (name !== '' && last.toLocaleLowerCase().includes(name) && !/[.?!]$/.test(last))
  );
}

/** The owner's personal thank-you to one participant, with the baby's photo and name when given. */
export function createThankYouNoteEmail(input: {
  appUrl: string;
  /** The participant's language (their contribution's). */
  locale: Locale;
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
  const t = serverTranslator(input.locale);
  const firstName = calendar.firstName;
  const paragraphs = input.message
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  return renderEmail({
    appUrl: input.appUrl,
    locale: input.locale,
    background: calendar.background,
    subject: t('emails.thankYou.subject', { firstName: quoteInSubject(firstName, input.locale) }),
    heading: input.babyName
      ? t('emails.thankYou.headingWithBaby', { firstName, babyName: input.babyName })
      : t('emails.thankYou.heading'),
    ...(input.babyImageUrl
      ? {
          image: {
            url: input.babyImageUrl,
            alt: input.babyName
              ? t('emails.thankYou.imageAltWithName', { babyName: input.babyName })
              : t('emails.thankYou.imageAlt'),
          },
        }
      : {}),
    paragraphs: endsWithSignOff(paragraphs, firstName)
      ? paragraphs
      : [...paragraphs, t('emails.thankYou.signature', { firstName })],
    action: { label: t('emails.common.seeCalendar'), url: `${input.appUrl}/c/${calendar.slug}` },
    footer: [t('emails.thankYou.footer', { firstName, title: calendar.title })],
    unsubscribeUrl: input.unsubscribeUrl,
  });
}
