import { T } from '../i18n/use-t.tsx';
import { usePaymentsConfig } from '../payments/use-payments-config.ts';
import formStyles from '../styles/form.module.css';

const RECIPIENT_AGREEMENT_URL = 'https://stripe.com/legal/recipient-agreement';

/**
 * With Stripe, the payout goes through a connected account opened for the parents with the terms
 * they accept by saving the IBAN (docs/decisions/008-payouts.md), so they must see those terms here.
 */
export function PayoutTermsNote() {
  const config = usePaymentsConfig();
  if (config.data?.provider !== 'stripe') return null;
  return (
    <p className={formStyles.hint}>
      <T
        id="calendars.payoutTerms.note"
        components={{
          0: (
            <a href={RECIPIENT_AGREEMENT_URL} target="_blank" rel="noreferrer">
              {RECIPIENT_AGREEMENT_URL}
            </a>
          ),
        }}
      />
    </p>
  );
}
