import formStyles from '../styles/form.module.css';
import { usePaymentsConfig } from './use-payments-config.ts';

/**
 * With Stripe, the payout goes through a connected account opened for the parents with the terms
 * they accept by saving the IBAN (docs/decisions/008-payouts.md), so they must see those terms here.
 */
export function PayoutTermsNote() {
  const config = usePaymentsConfig();
  if (config.data?.provider !== 'stripe') return null;
  return (
    <p className={formStyles.hint}>
      Payouts are made by our payment partner Stripe. By saving this IBAN you accept the{' '}
      <a href="https://stripe.com/legal/recipient-agreement" target="_blank" rel="noreferrer">
        Stripe Recipient Agreement
      </a>
      .
    </p>
  );
}
