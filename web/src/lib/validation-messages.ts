import { UNSUPPORTED_BANK_COUNTRY_MESSAGE } from '@firstday/common/bank-account';
import { formatNumber } from '@firstday/common/format';
import { IMAGE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE, TOO_MANY_PIXELS_MESSAGE } from '@firstday/common/images';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PARENTS_NOTE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  THANK_YOU_MAX_LENGTH,
  THANK_YOU_NOTE_MAX_LENGTH,
} from '@firstday/common/schema-constants';
import { FORBIDDEN_KIND_NAMES, type ForbiddenCharacter } from '@firstday/common/text';
import type { MessageId } from '../i18n/namespaces.ts';
import { type MessageValues, messageId, type Translate } from '../i18n/use-t.tsx';

/**
 * The shared zod schemas of `@firstday/common` word their issues in English, and the server sends
 * the same words back in an error's `fields`. Each of those texts, as the schema writes it, is the
 * code of its catalogue key here (common stays as it is); a text not listed is shown unchanged.
 * Made on the first message shown, not when the module loads: two of its texts format a number, and
 * the first `Intl` formatter a page makes costs tens of milliseconds on a phone, in the task that
 * hydrates any page with a field (decision 037).
 */
const createKeyBySchemaText = (): Record<string, MessageId | [MessageId, MessageValues]> => ({
  // account.ts
  'Please enter your name.': messageId('app.validation.nameRequired'),
  [`A name can be at most ${NAME_MAX_LENGTH} characters.`]: [
    messageId('app.validation.nameTooLong'),
    { max: NAME_MAX_LENGTH },
  ],
  'Please enter a password.': messageId('app.validation.passwordRequired'),
  [`Your password needs at least ${PASSWORD_MIN_LENGTH} characters.`]: messageId('app.errors.passwordTooShort'),
  [`A password can be at most ${PASSWORD_MAX_LENGTH} characters.`]: messageId('app.errors.passwordTooLong'),
  'Please fill in all fields': messageId('app.validation.fillInAllFields'),
  // email.ts
  'Please enter your e-mail address.': messageId('app.validation.emailRequired'),
  [`An e-mail address can be at most ${EMAIL_MAX_LENGTH} characters.`]: [
    messageId('app.validation.emailTooLong'),
    { max: EMAIL_MAX_LENGTH },
  ],
  'Please enter a valid e-mail address, like name@example.com.': messageId('app.validation.emailInvalid'),
  // account-settings.ts
  'Please enter an amount in dollars.': messageId('app.validation.amountInDollars'),
  'A savings goal cannot be negative.': messageId('app.validation.savingsGoalNegative'),
  'Please enter at most $1,000,000.': messageId('app.validation.savingsGoalTooHigh'),
  // images.ts (the photo checks, in the browser and on the server).
  [IMAGE_TOO_LARGE_MESSAGE]: messageId('app.validation.imageTooLarge'),
  [NOT_AN_IMAGE_MESSAGE]: messageId('app.validation.notAnImage'),
  [TOO_MANY_PIXELS_MESSAGE]: messageId('app.validation.tooManyPixels'),
  // fun-guesses.ts's weight schema and components/weight-value.ts (the ranges, with their numbers, are not listed).
  'Please enter a number.': messageId('app.validation.weightNumber'),
  'Please check the weight.': messageId('app.validation.weightCheck'),
  'Please enter whole grams.': messageId('app.validation.weightWholeGrams'),
  'Please enter the pounds.': messageId('app.validation.weightPounds'),
  'Please enter whole pounds.': messageId('app.validation.weightWholePounds'),
  'Please enter the ounces.': messageId('app.validation.weightOunces'),
  'Please enter 0 to 15 ounces.': messageId('app.validation.weightOuncesRange'),
  'Please choose grams or pounds and ounces.': messageId('app.validation.weightUnit'),
  // thank-yous.ts
  'Please write your thank-you note.': messageId('app.validation.thankYouNoteRequired'),
  [`The note can be at most ${formatNumber(THANK_YOU_NOTE_MAX_LENGTH)} characters.`]: [
    messageId('app.validation.thankYouNoteTooLong'),
    { max: formatNumber(THANK_YOU_NOTE_MAX_LENGTH) },
  ],
  // calendars.ts ParentsNoteSchema and announcements.ts's message: past the field's maxLength.
  [`A note can be at most ${PARENTS_NOTE_MAX_LENGTH} characters.`]: [
    messageId('app.validation.parentsNoteTooLong'),
    { max: PARENTS_NOTE_MAX_LENGTH },
  ],
  [`The message can be at most ${formatNumber(THANK_YOU_MAX_LENGTH)} characters.`]: [
    messageId('app.validation.announcementMessageTooLong'),
    { max: formatNumber(THANK_YOU_MAX_LENGTH) },
  ],
  // calendar-forms.ts ImageIdSchema: a photo id that is not one.
  'Please upload the photo again.': messageId('app.validation.uploadPhotoAgain'),
  // locale-schema.ts: the language pickers offer only these.
  'Please choose English, Deutsch or Русский.': messageId('app.validation.chooseLanguage'),
  // iban-schema.ts and iban.ts's IBAN_MESSAGES (not imported: that module carries ibantools).
  'An IBAN has at most 34 characters.': messageId('app.validation.ibanTooLong'),
  'An IBAN starts with a two-letter country code and two check digits, e.g. DE89 3704 0044 0532 0130 00.':
    messageId('app.validation.ibanFormat'),
  'This country code is not one that uses IBANs.': messageId('app.validation.ibanCountry'),
  'This IBAN has the wrong number of characters for its country.': messageId('app.validation.ibanLength'),
  'This IBAN is not valid: please check it for typos.': messageId('app.validation.ibanChecksum'),
  [UNSUPPORTED_BANK_COUNTRY_MESSAGE]: messageId('app.validation.bankCountryUnsupported'),
});

let keyBySchemaText: ReturnType<typeof createKeyBySchemaText> | undefined;

export function getKeyBySchemaText(): ReturnType<typeof createKeyBySchemaText> {
  keyBySchemaText ??= createKeyBySchemaText();
  return keyBySchemaText;
}

const FORBIDDEN_KIND_KEYS: Record<ForbiddenCharacter['kind'], MessageId> = {
  control: messageId('app.validation.forbiddenKindControl'),
  direction: messageId('app.validation.forbiddenKindDirection'),
  surrogate: messageId('app.validation.forbiddenKindSurrogate'),
  noncharacter: messageId('app.validation.forbiddenKindNoncharacter'),
};

/**
 * The server's message for a character no text field takes (common/src/text.ts), in a value or in
 * a field's name, names the character and its kind: read back into the catalogue's sentence.
 */
const FORBIDDEN_CHARACTER =
  /^(This contains|A field name contains) a character we cannot accept \((U\+[0-9A-F]{4,6}), (.+)\)\.(?: Please remove it\.)?$/;

function translateForbiddenCharacter(message: string, t: Translate): string | undefined {
  const [, where, codePoint, kindName] = FORBIDDEN_CHARACTER.exec(message) ?? [];
  const kind = (Object.keys(FORBIDDEN_KIND_NAMES) as ForbiddenCharacter['kind'][]).find(
    (candidate) => FORBIDDEN_KIND_NAMES[candidate] === kindName,
  );
  if (!where || !kind) return undefined;
  const values = { codePoint: codePoint ?? '', kind: t(FORBIDDEN_KIND_KEYS[kind]) };
  return where === 'This contains'
    ? t('app.validation.forbiddenCharacter', values)
    : t('app.validation.forbiddenCharacterInName', values);
}

/** A field's validation message (from a shared schema or the server's `fields`) in the language of `t`. */
export function translateValidation(message: string | undefined, t: Translate): string | undefined {
  if (!message) return message;
  const key = getKeyBySchemaText()[message];
  if (!key) return translateForbiddenCharacter(message, t) ?? message;
  return Array.isArray(key) ? t(...key) : t(key);
}
