import { TextField } from '../components/text-field.tsx';
import { WeightField } from '../components/weight-field.tsx';
import type { WeightValue } from '../components/weight-value.ts';
import { useT } from '../i18n/use-t.tsx';
import styles from './contribution-form.module.css';

export type FunGuessErrors = { guessedTimeMinutes?: string; guessedWeight?: string };

type FunGuessFieldsProps = {
  asks: { time: boolean; weight: boolean };
  /** An `<input type="time">` value, 'HH:MM', or ''. */
  time: string;
  onTimeChange: (time: string) => void;
  weight: WeightValue;
  onWeightChange: (weight: WeightValue) => void;
  errors: FunGuessErrors;
};

/** The optional guesses beside the day, when the calendar asks for them: the time of birth and the weight. */
export function FunGuessFields({ asks, time, onTimeChange, weight, onWeightChange, errors }: FunGuessFieldsProps) {
  const t = useT();
  if (!asks.time && !asks.weight) return null;
  const lead =
    asks.time && asks.weight
      ? t('contributions.funGuess.leadBoth')
      : asks.time
        ? t('contributions.funGuess.leadTime')
        : t('contributions.funGuess.leadWeight');
  return (
    <fieldset className={styles.gift}>
      <legend className={styles.legend}>{t('contributions.funGuess.legend')}</legend>
      <p className={styles.muted}>{lead}</p>
      <div className={styles.twoColumns}>
        {asks.time && (
          <TextField
            label={t('contributions.funGuess.time')}
            type="time"
            value={time}
            onChange={(event) => onTimeChange(event.target.value)}
            error={errors.guessedTimeMinutes}
            className={styles.timeField}
          />
        )}
        {asks.weight && (
          <WeightField
            legend={t('contributions.funGuess.weight')}
            value={weight}
            onChange={onWeightChange}
            error={errors.guessedWeight}
          />
        )}
      </div>
    </fieldset>
  );
}
