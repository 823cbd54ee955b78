import {
  BANK_CURRENCY_MESSAGES,
  MASKED_ACCOUNT_NUMBER_MESSAGE,
  UNSUPPORTED_BANK_COUNTRY_MESSAGE,
} from '@firstday/common/bank-account';
import { BABY_NAME_MAX_LENGTH } from '@firstday/common/fun-guesses';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, type Translate } from '../i18n/use-t.tsx';
import { translateValidation } from '../lib/validation-messages.ts';

/**
 * The calendar forms' field messages come in English from the shared schemas (`@firstday/common`),
 * both when the browser checks a form and in a refused request's `fields`. The known ones are shown
 * in the active language; any other message is shown as it came.
 */
export const FIELD_MESSAGES: Readonly<Record<string, MessageId>> = {
  // Names and bank accounts (wizard step 1, Calendar Info).
  'Please enter your name.': messageId('calendars.field.nameMissing'),
  'An IBAN has at most 34 characters.': messageId('calendars.field.ibanTooLong'),
  'An IBAN starts with a two-letter country code and two check digits, e.g. DE89 3704 0044 0532 0130 00.':
    messageId('calendars.field.ibanFormat'),
  'This country code is not one that uses IBANs.': messageId('calendars.field.ibanCountry'),
  'This IBAN has the wrong number of characters for its country.': messageId('calendars.field.ibanLength'),
  'This IBAN is not valid: please check it for typos.': messageId('calendars.field.ibanChecksum'),
  // US and UK account numbers (bank-account-schema.ts), and where and in what gifts can be paid out.
  'Please enter the routing number.': messageId('calendars.field.routingNumberMissing'),
  'A routing number has 9 digits.': messageId('calendars.field.routingNumberLength'),
  'This routing number is not valid: please check it for typos.': messageId('calendars.field.routingNumberInvalid'),
  'A routing number has only digits.': messageId('calendars.field.routingNumberDigits'),
  'A routing number has too many characters.': messageId('calendars.field.routingNumberTooLong'),
  'Please enter the account number.': messageId('calendars.field.accountNumberMissing'),
  'An account number has only digits.': messageId('calendars.field.accountNumberDigits'),
  'An account number has too many characters.': messageId('calendars.field.accountNumberTooLong'),
  'A US account number has 4 to 17 digits.': messageId('calendars.field.usAccountNumberLength'),
  'A UK account number has 8 digits.': messageId('calendars.field.ukAccountNumberLength'),
  'Please enter the sort code.': messageId('calendars.field.sortCodeMissing'),
  'A sort code has 6 digits, e.g. 10-88-00.': messageId('calendars.field.sortCodeLength'),
  'A sort code has only digits.': messageId('calendars.field.sortCodeDigits'),
  'A sort code has too many characters.': messageId('calendars.field.sortCodeTooLong'),
  'Please enter either an IBAN or an account number, not both.': messageId('calendars.field.bankAccountBoth'),
  'A US account has a routing number, a UK account a sort code: please enter one of them.':
    messageId('calendars.field.bankCodeBoth'),
  'Please enter the routing number (US) or the sort code (UK) with the account number.': messageId(
    'calendars.field.bankCodeMissing',
  ),
  [MASKED_ACCOUNT_NUMBER_MESSAGE]: messageId('calendars.field.accountNumberMasked'),
  [UNSUPPORTED_BANK_COUNTRY_MESSAGE]: messageId('calendars.field.bankCountryUnsupported'),
  [BANK_CURRENCY_MESSAGES.us]: messageId('calendars.field.usDollarsOnly'),
  [BANK_CURRENCY_MESSAGES.gb]: messageId('calendars.field.ukPoundsOnly'),
  // The calendar (wizard step 2, Calendar Info).
  'Please choose a background.': messageId('calendars.field.backgroundMissing'),
  'Please choose the expected birth date.': messageId('calendars.info.dueDateMissing'),
  'Please choose a real date.': messageId('calendars.field.dueDateInvalid'),
  'The expected birth date cannot be in the past.': messageId('calendars.field.dueDatePast'),
  'The expected birth date can be at most 10 months ahead.': messageId('calendars.field.dueDateTooLate'),
  'Please give your calendar a name.': messageId('calendars.field.titleMissing'),
  'A calendar name can be at most 80 characters.': messageId('calendars.field.titleTooLong'),
  'Please write your message.': messageId('calendars.field.messageMissing'),
  'A message can be at most 5,000 characters.': messageId('calendars.field.messageTooLong'),
  'Please choose USD, EUR or GBP.': messageId('calendars.field.currencyMissing'),
  'The currency cannot change once the calendar is paid for.': messageId('calendars.field.currencyLocked'),
  'The currency cannot change while the fee is being paid.': messageId('calendars.field.currencyLockedWhilePaying'),
  // The fee's card.
  'Please enter the card number.': messageId('calendars.field.cardNumberMissing'),
  'A card number has at most 19 characters.': messageId('calendars.field.cardNumberTooLong'),
  'A card number has only digits and spaces.': messageId('calendars.field.cardNumberCharacters'),
  'A card number has 13 to 19 digits.': messageId('calendars.field.cardNumberDigits'),
  'This card number is not valid: please check it for typos.': messageId('calendars.field.cardNumberInvalid'),
  'Please enter the expiry date.': messageId('calendars.field.expiryMissing'),
  'Please enter the expiry date as MM/YY.': messageId('calendars.field.expiryFormat'),
  'This card has expired.': messageId('calendars.field.cardExpired'),
  'Please enter the CVS.': messageId('calendars.field.cvcMissing'),
  'The CVS is the 3 digits on the back of the card.': messageId('calendars.field.cvcFormat'),
  'A name can be at most 100 characters.': messageId('calendars.field.holderNameTooLong'),
  // Announcing and closing.
  'Please enter the birth date.': messageId('calendars.closing.birthDateMissing'),
  'Please write a few words of thanks.': messageId('calendars.field.thanksMissing'),
  'Please enter the name as text.': messageId('calendars.field.babyNameText'),
  [`A name can be at most ${BABY_NAME_MAX_LENGTH} characters.`]: messageId('calendars.field.babyNameTooLong'),
  'Please choose the photo again.': messageId('calendars.field.photoAgain'),
  'Please choose what happens to the gifts.': messageId('calendars.field.giftsMissing'),
};

/** A field message in the active language when it is a known one. */
export function translateFieldMessage(message: string, t: Translate): string;
export function translateFieldMessage(message: string | undefined, t: Translate): string | undefined;
export function translateFieldMessage(message: string | undefined, t: Translate): string | undefined {
  if (message === undefined) return undefined;
  const id = FIELD_MESSAGES[message];
  return id ? t(id) : (translateValidation(message, t) ?? message);
}

/** Every message of a form's errors in the active language. */
export function translateFieldMessages<Errors extends Partial<Record<string, string>>>(
  errors: Errors,
  t: Translate,
): Errors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, translateFieldMessage(message, t)]),
  ) as Errors;
}
