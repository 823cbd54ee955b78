import { CardDetailsSchema } from '@firstday/common/cards';
import type { ContributionRequest, ContributionResponse } from '@firstday/common/contributions';
import type { Currency } from '@firstday/common/currency';

import { zodResolver } from '@hookform/resolvers/zod';
import { lazy, type RefObject, Suspense, useEffect, useImperativeHandle } from 'react';
import { webEnv } from '../env.ts';
import { useT } from '../i18n/use-t.tsx';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { type CardErrors, CardFields, type CardValues, EMPTY_CARD } from '../payments/card-fields.tsx';
import { SandboxWallets } from '../payments/sandbox-wallets.tsx';
import { usePaymentsConfig } from '../payments/use-payments-config.ts';
import formStyles from '../styles/form.module.css';
import styles from './contribution-form.module.css';
import { translateFormMessage } from './form-messages.ts';

const CARD_FIELDS = ['number', 'holderName', 'expiry', 'cvc'] as const satisfies readonly (keyof CardValues)[];

// Stripe.js is loaded only when this deployment takes payments through Stripe.
const GiftStripePayment = lazy(() => import('./gift-stripe-payment.tsx'));

export type PaymentMethod = NonNullable<ContributionRequest['payment']>;

/** What the form asks of the payment part when it sends. */
export type PaymentHandle = {
  /** Checks the payment details and answers the method to send, or null (the fields show why). */
  getMethod: () => Promise<PaymentMethod | null>;
  /** Stripe: confirms the PaymentIntent in the browser; answers an error text, or null when it went through. */
  confirm?: (response: ContributionResponse) => Promise<string | null>;
};

export type GiftPaymentProps = {
  giftAmount: number;
  /** The calendar's: Stripe's PaymentIntent is made in it. */
  currency: Currency;
  handleRef: RefObject<PaymentHandle | null>;
  disabled: boolean;
  /** A wallet, once its sheet is confirmed, sends the whole form at once with that wallet. */
  onWallet: (method: PaymentMethod) => void;
  /** Card errors from the server, by field ('number', 'expiry', …), as it wrote them. */
  serverErrors: Record<string, string>;
};

/** The gift's payment: the sandbox's card fields and wallet buttons, or Stripe's Payment Element. */
export default function GiftPayment(props: GiftPaymentProps) {
  const t = useT();
  const config = usePaymentsConfig();
  if (config.isPending) {
    return (
      <p className={styles.muted} role="status">
        {t('contributions.payment.loadingOptions')}
      </p>
    );
  }
  if (config.data?.provider === 'stripe') {
    const publishableKey = config.data.publishableKey ?? webEnv.VITE_STRIPE_PUBLISHABLE_KEY;
    if (!publishableKey) {
      return (
        <p className={styles.problem} role="alert">
          {t('contributions.payment.unavailable')}
        </p>
      );
    }
    return (
      <Suspense
        fallback={
          <p className={styles.muted} role="status">
            {t('contributions.payment.loadingSecure')}
          </p>
        }
      >
        <GiftStripePayment
          publishableKey={publishableKey}
          giftAmount={props.giftAmount}
          currency={props.currency}
          handleRef={props.handleRef}
        />
      </Suspense>
    );
  }
  // The sandbox is also the fallback when the config cannot be read: its payments are never real.
  return <SandboxCardFields {...props} />;
}

function SandboxCardFields({ giftAmount, currency, handleRef, disabled, onWallet, serverErrors }: GiftPaymentProps) {
  const t = useT();
  // The card is checked when the form is sent (getMethod); a field's error goes as soon as it changes.
  const form = useFormCheckedOnSend<CardValues>({
    resolver: zodResolver(CardDetailsSchema),
    defaultValues: EMPTY_CARD,
    shouldFocusError: false,
  });
  const { watch, setValue, setError, trigger, getValues, formState } = form;
  const card = watch();
  const errors: CardErrors = {};
  for (const field of CARD_FIELDS) errors[field] = translateFormMessage(formState.errors[field]?.message, t);

  useEffect(() => {
    for (const field of CARD_FIELDS) {
      const message = serverErrors[field];
      if (message) setError(field, { type: 'server', message });
    }
  }, [serverErrors, setError]);

  useImperativeHandle(
    handleRef,
    () => ({
      getMethod: async () => ((await trigger()) ? { type: 'card', card: getValues() } : null),
    }),
    [trigger, getValues],
  );

  return (
    <div className={styles.payment}>
      <SandboxWallets
        amount={giftAmount}
        currency={currency}
        description={t('contributions.payment.description')}
        disabled={disabled}
        onConfirm={(wallet) => onWallet({ type: 'wallet', wallet })}
      />
      <p className={formStyles.divider}>
        <span>{t('contributions.payment.orCard')}</span>
      </p>
      <CardFields
        card={card}
        errors={errors}
        onChange={(field, value) => setValue(field, value, { shouldDirty: true })}
        className={styles.cardFields}
        wideClassName={styles.wide}
      />
      <p className={styles.muted}>{t('contributions.payment.cardNote')}</p>
    </div>
  );
}
