import type { UseFormRegister } from 'react-hook-form';
import settingsStyles from '../account/settings-page.module.css';
import { SwitchField } from '../components/switch-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import type { CalendarInfoValues } from './calendar-info-values.ts';

type FunGuessSwitchesProps = {
  /** The Calendar Info form's: the switches are its `guessTime` and `guessWeight`. */
  register: UseFormRegister<CalendarInfoValues>;
  /** The saved values, drawn by the server before the form runs. */
  saved: Pick<CalendarInfoValues, 'guessTime' | 'guessWeight'>;
};

/**
 * Calendar Info's 'Guessing for fun': guests may also guess the time of birth and the weight. The
 * date stays the heart of the calendar; after the announcement the closest guesses are shown, never
 * with a prize.
 */
export function FunGuessSwitches({ register, saved }: FunGuessSwitchesProps) {
  const t = useT();
  return (
    <fieldset className={settingsStyles.group}>
      <legend className={settingsStyles.groupTitle}>{t('calendars.funGuesses.legend')}</legend>
      <div>
        <p className={settingsStyles.cardText}>{t('calendars.funGuesses.text')}</p>
        <SwitchField
          label={t('calendars.funGuesses.time')}
          hint={t('calendars.funGuesses.timeHint')}
          defaultChecked={saved.guessTime}
          {...register('guessTime')}
        />
        <SwitchField
          label={t('calendars.funGuesses.weight')}
          hint={t('calendars.funGuesses.weightHint')}
          defaultChecked={saved.guessWeight}
          {...register('guessWeight')}
        />
      </div>
    </fieldset>
  );
}
