import { TextField } from '../components/text-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import {
  CARD_NUMBER_MAX_LENGTH,
  EXPIRY_MAX_LENGTH,
  formatCardNumberInput,
  formatCvcInput,
  formatExpiryInput,
} from './card-input.ts';

export type CardValues = { number: string; holderName: string; expiry: string; cvc: string };
export type CardErrors = Partial<Record<keyof CardValues, string>>;

export const EMPTY_CARD: CardValues = { number: '', holderName: '', expiry: '', cvc: '' };

type CardFieldsProps = {
  card: CardValues;
  errors: CardErrors;
  onChange(field: keyof CardValues, value: string): void;
  /** Layout comes from the page: the grid and the full-width cells. */
  className?: string;
  wideClassName?: string;
  cvcHint?: string;
};

/** The sandbox card form (number, cardholder, expiry, CVS) of the fee and of gifts; formats as typed. */
export function CardFields({ card, errors, onChange, className, wideClassName, cvcHint }: CardFieldsProps) {
  const t = useT();
  return (
    <div className={className}>
      <TextField
        label={t('app.card.number')}
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(event) => onChange('number', formatCardNumberInput(event.target.value))}
        error={errors.number}
        className={wideClassName}
      />
      <TextField
        label={t('app.card.holderName')}
        autoComplete="cc-name"
        value={card.holderName}
        onChange={(event) => onChange('holderName', event.target.value)}
        error={errors.holderName}
        className={wideClassName}
      />
      <TextField
        label={t('app.card.expiry')}
        inputMode="numeric"
        autoComplete="cc-exp"
        maxLength={EXPIRY_MAX_LENGTH}
        placeholder={t('app.card.expiryPlaceholder')}
        value={card.expiry}
        onChange={(event) => onChange('expiry', formatExpiryInput(event.target.value, card.expiry))}
        error={errors.expiry}
      />
      <TextField
        label={t('app.card.cvc')}
        inputMode="numeric"
        autoComplete="cc-csc"
        maxLength={3}
        placeholder="123"
        value={card.cvc}
        onChange={(event) => onChange('cvc', formatCvcInput(event.target.value))}
        error={errors.cvc}
        // The CVS error already says where the digits are; the hint would repeat it.
        hint={errors.cvc ? undefined : cvcHint}
      />
    </div>
  );
}
