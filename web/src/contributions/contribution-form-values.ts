import {
  ContributionRequestSchema,
  GIFT_MAX_AMOUNT,
  GIFT_MIN_AMOUNT,
  type OwnContribution,
} from '@firstday/common/contributions';
import type { Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import { GuessedTimeSchema, GuessedWeightSchema } from '@firstday/common/fun-guess-schemas';
import { formatTimeInput, parseTimeInput, type WeightInput } from '@firstday/common/fun-guesses';
import type { Locale } from '@firstday/common/locales';
import { type AmountReading, formatAmountForInput, parseAmount } from '@firstday/common/parse-amount';
import { z } from 'zod';
import {
  checkWeight,
  EMPTY_WEIGHT,
  getWeightValue,
  toWeightInput,
  type WeightValue,
} from '../components/weight-value.ts';
import type { MessageId } from '../i18n/namespaces.ts';
import type { MessageValues, Translate } from '../i18n/use-t.tsx';
import { translateFormMessage } from './form-messages.ts';
import { getCustomAmountMessage } from './gift-amount-field.tsx';

/** No gift, a preset amount (minor units), or 'Other amount'. */
export type GiftChoice = 'none' | 'custom' | `${number}`;
/** The gift as chosen: the radio, and what was typed in 'Other amount' (read only when it is chosen). */
export type GiftValue = { choice: GiftChoice; text: string };

/** The fun guesses the calendar asks for, beside the day. */
export type FunGuessAsks = { time: boolean; weight: boolean };

/**
 * What the contribution dialog holds as the guest types; the fields are named as the request's, so
 * the server's field errors land on them.
 */
export type ContributionFormValues = {
  name: string;
  email: string;
  wish: string;
  /** An `<input type="time">` value, 'HH:MM', or ''. */
  guessedTimeMinutes: string;
  guessedWeight: WeightValue;
  giftAmount: GiftValue;
};

export const EMPTY_CONTRIBUTION: ContributionFormValues = {
  name: '',
  email: '',
  wish: '',
  guessedTimeMinutes: '',
  guessedWeight: EMPTY_WEIGHT,
  giftAmount: { choice: 'none', text: '' },
};

/** The checked values, as sent (trimmed as typed; the server reads them with the same schema). */
export type ContributionFormOutput = {
  name: string;
  email: string;
  wish: string;
  guessedTimeMinutes: number | null;
  guessedWeight: WeightInput | null;
  giftAmount: number | null;
};

/** The form's fields in the order it shows them: the server's refusals focus the first. */
export const CONTRIBUTION_FIELDS = [
  'name',
  'email',
  'wish',
  'guessedTimeMinutes',
  'guessedWeight',
  'giftAmount',
] as const satisfies readonly (keyof ContributionFormValues)[];

/** The rules of the request for what the guest types; the day, the captcha, the key and the payment are added when sending. */
const TypedSchema = ContributionRequestSchema.pick({ name: true, email: true, wish: true, giftAmount: true });

type MoneyContext = { locale: Locale; currency: Currency };

/** What the gift's texts say: the calendar's currency, its limits and an example written in it. */
export function getAmountValues({ locale, currency }: MoneyContext): MessageValues {
  const money = (amount: number) => formatMoney(amount, { currency, locale });
  return {
    currency,
    min: money(GIFT_MIN_AMOUNT),
    max: money(GIFT_MAX_AMOUNT),
    example: formatAmountForInput(3750, locale),
  };
}

/**
 * The gift as chosen: 'Other amount' read in the page's language and the calendar's currency
 * (`reading`, null for the other choices), and the amount to send (null: none, or not readable).
 */
export function readGift(
  gift: GiftValue,
  { locale, currency }: MoneyContext,
): {
  reading: AmountReading | null;
  amount: number | null;
} {
  if (gift.choice === 'none') return { reading: null, amount: null };
  if (gift.choice !== 'custom') return { reading: null, amount: Number(gift.choice) };
  const reading = parseAmount(gift.text, { locale, currency });
  return { reading, amount: reading.kind === 'amount' ? reading.amount : null };
}

/**
 * The fun guesses as sent, only what the calendar asks for (an empty field is no guess), with the
 * message of each refused one; `timeInvalid` says that the time could not be read.
 */
export function readFunGuesses(
  values: Pick<ContributionFormValues, 'guessedTimeMinutes' | 'guessedWeight'>,
  asks: FunGuessAsks,
  t: Translate,
  timeInvalid: MessageId,
): {
  minutes: number | null;
  weight: WeightInput | null;
  errors: { guessedTimeMinutes?: string; guessedWeight?: string };
} {
  const time = values.guessedTimeMinutes;
  const minutes = asks.time ? parseTimeInput(time) : null;
  const errors: { guessedTimeMinutes?: string; guessedWeight?: string } = {};
  if (asks.time && time !== '' && minutes === null) {
    errors.guessedTimeMinutes = t(timeInvalid);
  } else if (minutes !== null) {
    const checked = GuessedTimeSchema.safeParse(minutes);
    if (!checked.success) errors.guessedTimeMinutes = translateFormMessage(checked.error.issues[0]?.message, t);
  }
  if (asks.weight) {
    const weightProblem = checkWeight(values.guessedWeight, GuessedWeightSchema);
    if (weightProblem) errors.guessedWeight = translateFormMessage(weightProblem, t);
  }
  return { minutes, weight: asks.weight ? toWeightInput(values.guessedWeight) : null, errors };
}

/**
 * The dialog's schema (react-hook-form's resolver): the values as typed, checked by the request's
 * rules (common) and the gift's and fun guesses' readings, each message in the guest's language.
 */
export function createContributionFormSchema({
  asks,
  locale,
  currency,
  t,
}: MoneyContext & { asks: FunGuessAsks; t: Translate }) {
  const amountValues = getAmountValues({ locale, currency });
  return z.custom<ContributionFormValues>().transform((values, context): ContributionFormOutput => {
    const gift = readGift(values.giftAmount, { locale, currency });
    const errors: Partial<Record<keyof ContributionFormValues, string>> = {};
    const result = TypedSchema.safeParse({
      name: values.name,
      email: values.email,
      wish: values.wish,
      giftAmount: gift.amount,
    });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const field = String(issue.path[0]) as keyof ContributionFormValues;
        errors[field] ??= translateFormMessage(issue.message, t, amountValues);
      }
    }
    // Chosen and left empty, unreadable or read two ways: said at the field, never sent as no gift.
    const amountMessage = gift.reading && getCustomAmountMessage(gift.reading);
    if (amountMessage) errors.giftAmount = t(amountMessage, amountValues);
    const fun = readFunGuesses(values, asks, t, 'contributions.form.timeInvalid');
    Object.assign(errors, fun.errors);

    for (const field of CONTRIBUTION_FIELDS) {
      const message = errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    if (Object.keys(errors).length > 0) return z.NEVER;
    return {
      name: values.name.trim(),
      email: values.email.trim(),
      wish: values.wish.trim(),
      guessedTimeMinutes: fun.minutes,
      guessedWeight: fun.weight,
      giftAmount: gift.amount,
    };
  });
}

/** What the edit page holds: the day, the wish and the fun guesses as typed. */
export type EditContributionValues = Pick<ContributionFormValues, 'wish' | 'guessedTimeMinutes' | 'guessedWeight'> & {
  guessedDate: string;
};

export type EditContributionOutput = Pick<ContributionFormOutput, 'wish' | 'guessedTimeMinutes' | 'guessedWeight'> & {
  guessedDate: string;
};

/** The edit page's fields in the order it shows them. */
export const EDIT_CONTRIBUTION_FIELDS = [
  'guessedDate',
  'guessedTimeMinutes',
  'guessedWeight',
  'wish',
] as const satisfies readonly (keyof EditContributionValues)[];

/** A saved contribution as the edit page shows it. */
export function getEditContributionValues(contribution: OwnContribution): EditContributionValues {
  return {
    // A welcome gift (no guess) is sent after the birth, so it is never edited.
    guessedDate: contribution.guessedDate ?? '',
    wish: contribution.wish,
    guessedTimeMinutes: contribution.guessedTimeMinutes != null ? formatTimeInput(contribution.guessedTimeMinutes) : '',
    guessedWeight: getWeightValue(contribution.guessedWeightGrams ?? null),
  };
}

/** The edit page's schema: the wish by the request's rule (common), the fun guesses as in the dialog. */
export function createEditContributionSchema({ asks, t }: { asks: FunGuessAsks; t: Translate }) {
  return z.custom<EditContributionValues>().transform((values, context): EditContributionOutput => {
    const wish = ContributionRequestSchema.shape.wish.safeParse(values.wish);
    const fun = readFunGuesses(values, asks, t, 'contributions.edit.timeInvalid');
    const errors: Partial<Record<keyof EditContributionValues, string>> = { ...fun.errors };
    if (!wish.success) {
      errors.wish = translateFormMessage(wish.error.issues[0]?.message, t) ?? t('contributions.check.wishMissing');
    }
    for (const field of EDIT_CONTRIBUTION_FIELDS) {
      const message = errors[field];
      if (message) context.addIssue({ code: 'custom', path: [field], message });
    }
    if (!wish.success || Object.keys(errors).length > 0) return z.NEVER;
    return {
      guessedDate: values.guessedDate,
      wish: wish.data,
      guessedTimeMinutes: fun.minutes,
      guessedWeight: fun.weight,
    };
  });
}
