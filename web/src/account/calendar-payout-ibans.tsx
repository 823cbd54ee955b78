import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { CALENDARS_QUERY_KEY, listCalendars } from '../calendars/calendars-api.ts';
import { useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import { getPayoutCalendars } from './payout-calendars.ts';
import styles from './settings-page.module.css';

/**
 * Where the calendars pay out, next to the account's IBAN: each calendar keeps the IBAN it was
 * set up with, so the account's alone would not tell where the gifts go.
 */
export function CalendarPayoutIbans() {
  const t = useT();
  const id = useId();
  const calendars = useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: listCalendars });
  if (!calendars.data) return null;
  const payouts = getPayoutCalendars(calendars.data);
  if (payouts.length === 0) return null;
  return (
    <section className={styles.payoutIbans} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.payoutIbansTitle}>
        {t('account.payoutIbans.title')}
      </h3>
      <ul className={styles.payoutIbanList}>
        {payouts.map((calendar) => (
          <li key={calendar.id}>
            <Link to={`/my_calendars/${calendar.id}`}>{calendar.title}</Link>
            {calendar.status === 'draft' && (
              <span className={formStyles.hint}> {t('account.payoutIbans.notActiveYet')}</span>
            )}
            <span className={styles.payoutIban}>{calendar.iban}</span>
          </li>
        ))}
      </ul>
      <p className={formStyles.hint}>{t('account.payoutIbans.hint')}</p>
    </section>
  );
}
