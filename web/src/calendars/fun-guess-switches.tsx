import settingsStyles from '../account/settings-page.module.css';
import { SwitchField } from '../components/switch-field.tsx';
import { useT } from '../i18n/use-t.tsx';
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
  const t = useT();
  return (
    <fieldset className={settingsStyles.group}>
      <legend className={settingsStyles.groupTitle}>{t('calendars.funGuesses.legend')}</legend>
      <div>
        <p className={settingsStyles.cardText}>{t('calendars.funGuesses.text')}</p>
        <SwitchField
          label={t('calendars.funGuesses.time')}
          hint={t('calendars.funGuesses.timeHint')}
          checked={values.guessTime}
          onChange={(event) => onChange({ guessTime: event.target.checked })}
        />
        <SwitchField
          label={t('calendars.funGuesses.weight')}
          hint={t('calendars.funGuesses.weightHint')}
          checked={values.guessWeight}
          onChange={(event) => onChange({ guessWeight: event.target.checked })}
        />
      </div>
    </fieldset>
  );
}
