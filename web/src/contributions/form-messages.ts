import type { MessageId } from '../i18n/namespaces.ts';
import { type MessageValues, messageId, type Translate } from '../i18n/use-t.tsx';
import { translateValidation } from '../lib/validation-messages.ts';

/**
 * The guest form's checks come from the shared schemas (common), worded in English; the server
 * answers a refused field with the same words. This maps each known text to its catalogue key, so
 * the form says it in the guest's language. An unknown text is shown as it is.
 */
export const FORM_MESSAGES: Record<string, MessageId> = {
  'Please enter your name.': messageId('contributions.check.nameMissing'),
  'A name can be at most 80 characters.': messageId('contributions.check.nameTooLong'),
  'Please enter your e-mail address.': messageId('contributions.check.emailMissing'),
  'An e-mail address can be at most 254 characters.': messageId('contributions.check.emailTooLong'),
  'Please enter a valid e-mail address, like name@example.com.': messageId('contributions.check.emailInvalid'),
  'Please write a wish.': messageId('contributions.check.wishMissing'),
  'A wish can be at most 1,000 characters.': messageId('contributions.check.wishTooLong'),
  'Please enter an amount in dollars.': messageId('contributions.check.amountMissing'),
  'Please enter whole cents.': messageId('contributions.check.wholeMinorUnits'),
  'The smallest gift is $1.': messageId('contributions.check.amountTooSmall'),
  'The largest gift is $10,000.': messageId('contributions.check.amountTooLarge'),
  'Please pick a day.': messageId('contributions.check.dayMissing'),
  'Please wait a moment and send again.': messageId('contributions.form.waitAndSend'),
  'Please enter the time.': messageId('contributions.check.timeMissing'),
  'Please enter the time in whole minutes.': messageId('contributions.check.timeMinutes'),
  'Please enter a time between 12:00 AM and 11:59 PM.': messageId('contributions.check.timeRange'),
  'Please enter a number.': messageId('contributions.check.number'),
  'Please check the weight.': messageId('contributions.check.weight'),
  'Please enter the weight in grams.': messageId('contributions.check.gramsMissing'),
  'Please enter whole grams.': messageId('contributions.check.gramsWhole'),
  'Please enter the pounds.': messageId('contributions.check.poundsMissing'),
  'Please enter whole pounds.': messageId('contributions.check.poundsWhole'),
  'Please enter the ounces.': messageId('contributions.check.ouncesMissing'),
  'Please enter 0 to 15 ounces.': messageId('contributions.check.ouncesRange'),
  'Please choose grams or pounds and ounces.': messageId('contributions.check.weightUnit'),
  'Please enter the card number.': messageId('contributions.check.cardNumberMissing'),
  'A card number has at most 19 characters.': messageId('contributions.check.cardNumberTooLong'),
  'A card number has only digits and spaces.': messageId('contributions.check.cardNumberDigits'),
  'A card number has 13 to 19 digits.': messageId('contributions.check.cardNumberLength'),
  'This card number is not valid: please check it for typos.': messageId('contributions.check.cardNumberInvalid'),
  'Please enter the expiry date.': messageId('contributions.check.expiryMissing'),
  'Please enter the expiry date as MM/YY.': messageId('contributions.check.expiryFormat'),
  'This card has expired.': messageId('contributions.check.expired'),
  'Please enter the CVS.': messageId('contributions.check.cvcMissing'),
  'The CVS is the 3 digits on the back of the card.': messageId('contributions.check.cvcFormat'),
  "Please enter the cardholder's name.": messageId('contributions.check.holderMissing'),
  'A name can be at most 100 characters.': messageId('contributions.check.holderTooLong'),
};

/** 'Please enter a weight between 300 and 7,000 grams.' or '… between 0 lb 11 oz and 15 lb 7 oz.' */
const WEIGHT_RANGE = /^Please enter a weight between (.+?) and (.+?)( grams)?\.$/;

/**
 * `values` carries what the gift's texts need: the calendar's `currency` and the limits `min` and
 * `max` written in it.
 */
export function translateFormMessage(
  message: string | undefined,
  t: Translate,
  values?: MessageValues,
): string | undefined {
  if (message === undefined) return undefined;
  const id = FORM_MESSAGES[message];
  if (id) return t(id, values);
  const range = WEIGHT_RANGE.exec(message);
  if (range?.[1] && range[2]) {
    return range[3]
      ? t('contributions.check.weightRangeGrams', { min: range[1], max: range[2] })
      : t('contributions.check.weightRangePounds', { min: range[1], max: range[2] });
  }
  return translateValidation(message, t) ?? message;
}

/** The server's field errors, each in the guest's language. */
export function translateFormMessages(
  fields: Readonly<Record<string, string>>,
  t: Translate,
  values?: MessageValues,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, translateFormMessage(message, t, values) ?? message]),
  );
}
