import { type Translate, useT } from '../i18n/use-t.tsx';
import { usePaymentsConfig } from '../payments/use-payments-config.ts';
import styles from './contribution-form.module.css';

/** Who takes the card: the deployment's payment provider, named as it is. */
function getSecurePaymentText(provider: 'sandbox' | 'stripe' | undefined, t: Translate): string {
  if (provider === 'stripe') return t('contributions.trust.secureStripe');
  if (provider === 'sandbox') return t('contributions.trust.secureSandbox');
  return t('contributions.trust.secure');
}

/**
 * What a giver must know before paying, beside the gift choices: who processes the payment, that a
 * gift stays a gift whatever the guess (no prize, no refund for a wrong day) and the age limit of
 * the terms.
 */
export function GiftTrustNote() {
  const t = useT();
  const config = usePaymentsConfig();
  return (
    <div className={styles.trust}>
      <p className={styles.secure}>
        <LockIcon />
        {getSecurePaymentText(config.data?.provider, t)}
      </p>
      <p className={styles.muted}>{t('contributions.trust.giftIsGift')}</p>
    </div>
  );
}

function LockIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
