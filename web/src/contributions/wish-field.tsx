import { WISH_MAX_LENGTH } from '@firstday/common/contributions';
import { formatNumber } from '@firstday/common/format';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useLocale, useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import styles from './contribution-form.module.css';

const WISH_COUNTER_WARNING = 50;

type WishFieldProps = {
  /** `register('wish')` of the form. */
  registration: UseFormRegisterReturn<'wish'>;
  /** The wish as typed, for the counter. */
  value: string;
  error?: string;
  placeholder?: string;
  /** The guest's form: the counter turns to a warning, read out, when few characters are left. */
  warnWhenLow?: boolean;
};

/** The wish textarea of the guest's form and of the edit page, with its error and its 'n / 1,000' counter. */
export function WishField({ registration, value, error, placeholder, warnWhenLow = false }: WishFieldProps) {
  const t = useT();
  const locale = useLocale();
  const wishId = useId();
  const wishErrorId = useId();
  const counterId = useId();
  const left = WISH_MAX_LENGTH - value.length;
  const low = warnWhenLow && left <= WISH_COUNTER_WARNING;
  return (
    <div className={formStyles.field}>
      <label htmlFor={wishId} className={formStyles.label}>
        {t('contributions.form.wish')}
      </label>
      <textarea
        id={wishId}
        className={`${formStyles.input} ${formStyles.textarea}`}
        rows={5}
        maxLength={WISH_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? wishErrorId : '', counterId].filter(Boolean).join(' ')}
        placeholder={placeholder}
        {...registration}
      />
      {error && (
        <p id={wishErrorId} className={formStyles.fieldError}>
          {error}
        </p>
      )}
      <p id={counterId} className={styles.counter} data-low={low || undefined}>
        {t('contributions.form.wishCounter', {
          count: formatNumber(value.length, locale),
          max: formatNumber(WISH_MAX_LENGTH, locale),
        })}
      </p>
      {warnWhenLow && (
        <p className="visually-hidden" aria-live="polite">
          {low ? t('contributions.form.wishLeft', { count: left }) : ''}
        </p>
      )}
    </div>
  );
}
