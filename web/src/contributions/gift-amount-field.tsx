import { GIFT_MAX_AMOUNT, GIFT_MIN_AMOUNT } from '@firstday/common/contributions';
import type { Currency } from '@firstday/common/currency';
import { formatCurrencySymbol, formatMoney, formatNumber } from '@firstday/common/format';
import { type AmountProblem, type AmountReading, formatAmountForInput } from '@firstday/common/parse-amount';
import type { RefObject } from 'react';
import { Button } from '../components/button.tsx';
import { TextField } from '../components/text-field.tsx';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, useLocale, useT } from '../i18n/use-t.tsx';
import styles from './contribution-form.module.css';

const MESSAGE_BY_PROBLEM: Record<AmountProblem, MessageId> = {
  format: messageId('contributions.check.amountFormat'),
  decimals: messageId('contributions.check.wholeMinorUnits'),
  negative: messageId('contributions.check.amountTooSmall'),
  currency: messageId('contributions.check.amountCurrency'),
};

/**
 * Why 'Other amount' cannot be sent as typed, or null when it reads as one amount (whose limits the
 * shared schema checks). Its texts take the values `currency`, `min`, `max` and `example`.
 */
export function getCustomAmountMessage(reading: AmountReading): MessageId | null {
  switch (reading.kind) {
    case 'amount':
      return null;
    case 'empty':
      return messageId('contributions.check.amountMissing');
    case 'ambiguous':
      return messageId('contributions.check.amountAmbiguous');
    case 'invalid':
      return MESSAGE_BY_PROBLEM[reading.reason];
  }
}

type GiftAmountFieldProps = {
  value: string;
  onChange: (text: string) => void;
  /** `value` as `parseAmount` reads it for the page's language and the calendar's currency. */
  reading: AmountReading;
  currency: Currency;
  error?: string;
  inputRef: RefObject<HTMLInputElement | null>;
};

/**
 * The 'Other amount' field: says what will be charged as the guest types ('You will pay €37.50.'),
 * and, when what was typed reads two ways ('1.000' on an English page in euros), offers both
 * readings as buttons instead of guessing.
 */
export function GiftAmountField({ value, onChange, reading, currency, error, inputRef }: GiftAmountFieldProps) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number, minorUnits?: 'always') => formatMoney(amount, { currency, locale, minorUnits });
  const currencySymbol = formatCurrencySymbol(currency, locale);

  function choose(amount: number) {
    onChange(formatAmountForInput(amount, locale));
    // The buttons go away with the ambiguity: focus stays in the field rather than on the page.
    inputRef.current?.focus();
  }

  const withinLimits =
    reading.kind === 'amount' && reading.amount >= GIFT_MIN_AMOUNT && reading.amount <= GIFT_MAX_AMOUNT;
  const hint =
    reading.kind === 'ambiguous' && !error
      ? t('contributions.form.amountWhich')
      : withinLimits
        ? t('contributions.form.amountToPay', { money: money(reading.amount) })
        : undefined;

  return (
    <TextField
      ref={inputRef}
      label={t('contributions.form.amount', { currency })}
      prefix={currencySymbol}
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('contributions.form.amountPlaceholder', {
        min: formatNumber(GIFT_MIN_AMOUNT / 100, locale),
        max: formatNumber(GIFT_MAX_AMOUNT / 100, locale),
      })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={() => {
        // '37,50' on an English page becomes '37.50': the field shows how it was read.
        if (reading.kind !== 'amount') return;
        const shown = formatAmountForInput(reading.amount, locale);
        if (shown !== value) onChange(shown);
      }}
      error={error}
      hint={hint}
      after={
        reading.kind === 'ambiguous' && (
          <fieldset className={styles.readings}>
            <legend className="visually-hidden">{t('contributions.form.amountWhich')}</legend>
            {reading.readings.map((amount) => (
              <Button key={amount} variant="secondary" onClick={() => choose(amount)}>
                {money(amount, 'always')}
              </Button>
            ))}
          </fieldset>
        )
      }
      className={styles.customAmount}
    />
  );
}
