import type { WeightUnit } from '@firstday/common/fun-guesses';
import { useId } from 'react';
import type { MessageId } from '../i18n/namespaces.ts';
import { messageId, useT } from '../i18n/use-t.tsx';
import { translateValidation } from '../lib/validation-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './weight-field.module.css';
import { changeWeightUnit, type WeightValue } from './weight-value.ts';

type WeightFieldProps = {
  legend: string;
  value: WeightValue;
  onChange: (value: WeightValue) => void;
  error?: string;
  hint?: string;
};

const UNITS: { unit: WeightUnit; label: MessageId }[] = [
  { unit: 'g', label: messageId('app.weight.grams') },
  { unit: 'lb', label: messageId('app.weight.poundsAndOunces') },
];

/**
 * A weight in the unit the person chooses: grams, or pounds and ounces. Switching the unit converts
 * what was typed; the caller sends `toWeightInput(value)` and the server stores grams.
 */
export function WeightField({ legend, value, onChange, error, hint }: WeightFieldProps) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  const invalid = error ? true : undefined;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.units}>
        {UNITS.map(({ unit, label }) => (
          <label key={unit} className={styles.unit}>
            <input
              type="radio"
              name={`${id}-unit`}
              value={unit}
              checked={value.unit === unit}
              onChange={() => onChange(changeWeightUnit(value, unit))}
            />
            <span>{t(label)}</span>
          </label>
        ))}
      </div>
      {value.unit === 'g' ? (
        <div className={styles.inputs}>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-grams`} className={styles.inputLabel}>
              {t('app.weight.gramsLabel')}
            </label>
            <input
              id={`${id}-grams`}
              className={formStyles.input}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('app.weight.example', { value: '3400' })}
              value={value.grams}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, grams: event.target.value })}
            />
          </div>
        </div>
      ) : (
        <div className={styles.inputs}>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-pounds`} className={styles.inputLabel}>
              {t('app.weight.pounds')}
            </label>
            <input
              id={`${id}-pounds`}
              className={formStyles.input}
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('app.weight.example', { value: '7' })}
              value={value.pounds}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, pounds: event.target.value })}
            />
          </div>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-ounces`} className={styles.inputLabel}>
              {t('app.weight.ounces')}
            </label>
            <input
              id={`${id}-ounces`}
              className={formStyles.input}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('app.weight.example', { value: '8' })}
              value={value.ounces}
              aria-invalid={invalid}
              aria-describedby={describedBy}
              onChange={(event) => onChange({ ...value, ounces: event.target.value })}
            />
          </div>
        </div>
      )}
      {error && (
        <p id={errorId} className={formStyles.fieldError}>
          {translateValidation(error, t)}
        </p>
      )}
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}
