import { TextField } from '../account/text-field.tsx';
import { WeightField } from '../components/weight-field.tsx';
import type { WeightValue } from '../components/weight-value.ts';
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
  if (!asks.time && !asks.weight) return null;
  const what =
    asks.time && asks.weight ? 'the time of birth and the weight' : asks.time ? 'the time of birth' : 'the weight';
  return (
    <fieldset className={styles.gift}>
      <legend className={styles.legend}>Just for fun (optional)</legend>
      <p className={styles.muted}>The parents would love your guess for {what} too. There is no prize.</p>
      <div className={styles.twoColumns}>
        {asks.time && (
          <TextField
            label="Time of birth"
            type="time"
            value={time}
            onChange={(event) => onTimeChange(event.target.value)}
            error={errors.guessedTimeMinutes}
            className={styles.timeField}
          />
        )}
        {asks.weight && (
          <WeightField legend="Weight" value={weight} onChange={onWeightChange} error={errors.guessedWeight} />
        )}
      </div>
    </fieldset>
  );
}
