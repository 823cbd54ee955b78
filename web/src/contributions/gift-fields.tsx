import { GIFT_MIN_AMOUNT, GIFT_PRESET_AMOUNTS } from '@firstday/common/contributions';
import type { Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import { lazy, type RefObject, Suspense, useId } from 'react';
import { type Control, useController } from 'react-hook-form';
import { useLocale, useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import styles from './contribution-form.module.css';
import {
  type ContributionFormOutput,
  type ContributionFormValues,
  type GiftChoice,
  readGift,
} from './contribution-form-values.ts';
import { GiftAmountField } from './gift-amount-field.tsx';
import type { PaymentHandle, PaymentMethod } from './gift-payment.tsx';
import { GiftTrustNote } from './gift-trust-note.tsx';

// The card fields (and Stripe) load only once someone chooses a gift.
const GiftPayment = lazy(() => import('./gift-payment.tsx'));

type GiftFieldsProps = {
  control: Control<ContributionFormValues, unknown, ContributionFormOutput>;
  currency: Currency;
  /** The gift's message (already in the guest's language). */
  error?: string;
  /** 'Other amount': focused by 'Change the amount'. */
  amountRef: RefObject<HTMLInputElement | null>;
  /** Another choice of gift (the 'Send €3,750?' question goes with the old one). */
  onChoose: () => void;
  paymentRef: RefObject<PaymentHandle | null>;
  busy: boolean;
  /** A wallet, once its sheet is confirmed, sends the whole form at once with that wallet. */
  onWallet: (method: PaymentMethod) => void;
  /** Card errors from the server, by field ('number', 'expiry', …). */
  cardErrors: Record<string, string>;
  /** A welcome gift after the birth is a gift: no 'No gift' choice. */
  giftRequired?: boolean;
};

/** The gift: no gift, a preset or 'Other amount', and, once one is chosen, how it is paid (card or wallet). */
export function GiftFields({
  control,
  currency,
  error,
  amountRef,
  onChoose,
  paymentRef,
  busy,
  onWallet,
  cardErrors,
  giftRequired = false,
}: GiftFieldsProps) {
  const t = useT();
  const locale = useLocale();
  const giftErrorId = useId();
  const { field } = useController({ control, name: 'giftAmount' });
  const gift = field.value;
  const { reading, amount } = readGift(gift, { locale, currency });
  const money = (value: number) => formatMoney(value, { currency, locale });

  function choose(choice: GiftChoice) {
    field.onChange({ ...gift, choice });
    onChoose();
  }

  return (
    <>
      <fieldset className={styles.gift} aria-describedby={error && gift.choice !== 'custom' ? giftErrorId : undefined}>
        <legend className={styles.legend}>
          {giftRequired ? t('contributions.welcome.giftLegend') : t('contributions.form.giftLegend')}
        </legend>
        <p className={styles.muted}>
          {giftRequired
            ? t('contributions.welcome.giftLead', { currency })
            : t('contributions.form.giftLead', { currency })}
        </p>
        <div className={styles.giftChoices}>
          {!giftRequired && (
            <GiftOption label={t('contributions.form.noGift')} value="none" current={gift.choice} onChoose={choose} />
          )}
          {GIFT_PRESET_AMOUNTS.map((preset) => (
            <GiftOption
              key={preset}
              label={money(preset)}
              value={`${preset}`}
              current={gift.choice}
              onChoose={choose}
            />
          ))}
          <GiftOption
            label={t('contributions.form.otherAmount')}
            value="custom"
            current={gift.choice}
            onChoose={choose}
          />
        </div>
        {reading && (
          <GiftAmountField
            value={gift.text}
            onChange={(text) => field.onChange({ ...gift, text })}
            reading={reading}
            currency={currency}
            error={error}
            inputRef={amountRef}
          />
        )}
        {error && gift.choice !== 'custom' && (
          <p id={giftErrorId} className={formStyles.fieldError}>
            {error}
          </p>
        )}
        <GiftTrustNote />
      </fieldset>

      {gift.choice !== 'none' && (
        <Suspense
          fallback={
            <p className={styles.muted} role="status">
              {t('contributions.form.loadingPayment')}
            </p>
          }
        >
          <GiftPayment
            giftAmount={amount !== null && amount >= GIFT_MIN_AMOUNT ? amount : GIFT_MIN_AMOUNT}
            currency={currency}
            handleRef={paymentRef}
            disabled={busy}
            onWallet={onWallet}
            serverErrors={cardErrors}
          />
        </Suspense>
      )}
    </>
  );
}

type GiftOptionProps = {
  label: string;
  value: GiftChoice;
  current: GiftChoice;
  onChoose: (choice: GiftChoice) => void;
};

function GiftOption({ label, value, current, onChoose }: GiftOptionProps) {
  return (
    <label className={styles.giftOption}>
      <input
        type="radio"
        name="gift"
        value={value}
        checked={current === value}
        onChange={() => onChoose(value)}
        className={styles.giftRadio}
      />
      <span>{label}</span>
    </label>
  );
}
