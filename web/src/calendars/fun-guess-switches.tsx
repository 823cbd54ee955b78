import settingsStyles from '../account/settings-page.module.css';
import { SwitchField } from '../account/switch-field.tsx';
import type { CalendarInfoValues } from './calendar-info-values.ts';

type FunGuessSwitchesProps = {
  values: Pick<CalendarInfoValues, 'guessTime' | 'guessWeight'>;
  onChange: (changes: Partial<Pick<CalendarInfoValues, 'guessTime' | 'guessWeight'>>) => void;
};

/**
 * Calendar Info's 'Guessing for fun': guests may also guess the time of birth and the weight. The
 * date stays the heart of the calendar; after the announcement the closest guesses are shown, never
 * with a prize.
 */
export function FunGuessSwitches({ values, onChange }: FunGuessSwitchesProps) {
  return (
    <fieldset className={settingsStyles.group}>
      <legend className={settingsStyles.groupTitle}>Guessing for fun</legend>
      <div>
        <p className={settingsStyles.cardText}>
          Besides the day, guests can guess a little more. After you announce the birth with these details, the calendar
          shows whose guesses came closest — just for fun, there is no prize.
        </p>
        <SwitchField
          label="Guests can also guess the time of birth"
          hint="An optional time field in the guest form."
          checked={values.guessTime}
          onChange={(event) => onChange({ guessTime: event.target.checked })}
        />
        <SwitchField
          label="Guests can also guess the weight"
          hint="In grams or in pounds and ounces, as each guest likes."
          checked={values.guessWeight}
          onChange={(event) => onChange({ guessWeight: event.target.checked })}
        />
      </div>
    </fieldset>
  );
}
