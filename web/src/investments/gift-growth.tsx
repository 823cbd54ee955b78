import { formatMoney, formatNumber } from '@firstday/common/format';
import { GROWTH_YEARS, ILLUSTRATIVE_ANNUAL_RETURN, projectGrowth } from '@firstday/common/milestones';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CALENDARS_QUERY_KEY, listCalendars } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './gift-growth.module.css';

const RATE_PERCENT = Math.round(ILLUSTRATIVE_ANNUAL_RETURN * 100);

/** 'Your $350 at 8% a year could be …': the owner's real gifts through the calculators' rule. */
export function GiftGrowth() {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number, currency: string) => formatMoney(amount, { locale, currency });
  const rate = formatNumber(RATE_PERCENT, locale);
  const calendars = useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: listCalendars });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const headingId = useId();
  const selectId = useId();

  if (calendars.isPending) {
    return (
      <p className={styles.panel} role="status">
        {t('investments.growth.loading')}
      </p>
    );
  }
  if (calendars.isError) {
    return (
      <div className={styles.panel} role="alert">
        <p>{getErrorMessage(calendars.error)}</p>
        <Button variant="secondary" onClick={() => calendars.refetch()} disabled={calendars.isFetching}>
          {t('investments.growth.tryAgain')}
        </Button>
      </div>
    );
  }

  const withGifts = calendars.data.filter((candidate) => candidate.raisedAmount > 0);
  if (withGifts.length === 0) {
    return (
      <section className={styles.panel} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          {t('investments.growth.emptyTitle')}
        </h2>
        <p>{t('investments.growth.emptyText', { years: GROWTH_YEARS.at(-1) })}</p>
        <ButtonLink to="/my_calendars" variant="secondary">
          {t('investments.growth.myCalendars')}
        </ButtonLink>
      </section>
    );
  }

  const calendar = withGifts.find((candidate) => candidate.id === chosenId) ?? withGifts[0]!;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      {withGifts.length > 1 && (
        <p className={styles.chooser}>
          <label htmlFor={selectId}>{t('investments.growth.calendar')}</label>
          <select id={selectId} value={calendar.id} onChange={(event) => setChosenId(event.target.value)}>
            {withGifts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t('investments.growth.option', {
                  title: candidate.title,
                  amount: money(candidate.raisedAmount, candidate.currency),
                })}
              </option>
            ))}
          </select>
        </p>
      )}
      <h2 id={headingId} className={styles.heading}>
        {t('investments.growth.title', { amount: money(calendar.raisedAmount, calendar.currency), rate })}
      </h2>
      <ul className={styles.horizons} aria-live="polite">
        {GROWTH_YEARS.map((years) => (
          <li key={years}>
            <span className={styles.value}>
              {money(projectGrowth(calendar.raisedAmount, years), calendar.currency)}
            </span>
            <span className={styles.when}>{t('investments.growth.atAge', { years })}</span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        <T
          id="investments.growth.note"
          values={{ title: calendar.title, rate }}
          components={{ 0: <strong>.</strong> }}
        />
      </p>
    </section>
  );
}
