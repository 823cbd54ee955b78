import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import settingsStyles from '../account/settings-page.module.css';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import { CALENDARS_QUERY_KEY, getCalendarQueryKey, updateCalendar } from './calendars-api.ts';
import styles from './wizard.module.css';

type Choice = OwnerCalendar['giftsIfNotAnnounced'];

/**
 * What happens to the gifts if the birth is never announced (decision 026): the date the calendar
 * is ended for its parents, and their choice, saved as soon as it changes.
 */
export function EndScheduleSection({ calendar }: { calendar: OwnerCalendar }) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (giftsIfNotAnnounced: Choice) => updateCalendar(calendar.id, { giftsIfNotAnnounced }),
    onSuccess: (saved) => {
      queryClient.setQueryData(getCalendarQueryKey(calendar.id), saved);
      void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
    },
  });
  const chosen = save.isPending && save.variables ? save.variables : calendar.giftsIfNotAnnounced;
  const options: { value: Choice; label: string }[] = [
    { value: 'pay_out', label: t('calendars.endSchedule.payOut') },
    { value: 'refund', label: t('calendars.endSchedule.refund') },
  ];
  return (
    <section className={settingsStyles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={settingsStyles.cardTitle}>
        {t('calendars.endSchedule.title')}
      </h2>
      <p className={settingsStyles.cardText}>
        {calendar.endsOn
          ? t('calendars.endSchedule.lead', { date: formatLongDate(calendar.endsOn, locale) })
          : t('calendars.endSchedule.leadNoDate')}{' '}
        {t('calendars.endSchedule.why')}
      </p>
      <fieldset className={styles.ibanChoice} aria-busy={save.isPending}>
        <legend className={styles.legend}>{t('calendars.endSchedule.legend')}</legend>
        <div className={styles.bankKinds}>
          {options.map((option) => (
            <label key={option.value} className={styles.choice}>
              <input
                type="radio"
                name={`${titleId}-gifts`}
                value={option.value}
                checked={chosen === option.value}
                onChange={() => save.mutate(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <p role="status" className={save.isError ? formStyles.fieldError : formStyles.hint}>
        {save.isError ? getErrorMessage(save.error) : save.isSuccess ? t('calendars.endSchedule.saved') : ''}
      </p>
    </section>
  );
}
