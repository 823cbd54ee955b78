import { formatMoney } from '@firstday/common/format';
import { GROWTH_YEARS, ILLUSTRATIVE_ANNUAL_RETURN, projectGrowthCents } from '@firstday/common/milestones';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { CALENDARS_QUERY_KEY, listCalendars } from '../calendars/calendars-api.ts';
import { Button, ButtonLink } from '../components/button.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './gift-growth.module.css';

const RATE = `${Math.round(ILLUSTRATIVE_ANNUAL_RETURN * 100)}%`;

/** 'Your $350 at 8% a year could be …': the owner's real gifts through the calculators' rule. */
export function GiftGrowth() {
  const calendars = useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: listCalendars });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const headingId = useId();
  const selectId = useId();

  if (calendars.isPending) {
    return (
      <p className={styles.panel} role="status">
        Loading your calendars’ gifts…
      </p>
    );
  }
  if (calendars.isError) {
    return (
      <div className={styles.panel} role="alert">
        <p>{getErrorMessage(calendars.error)}</p>
        <Button variant="secondary" onClick={() => calendars.refetch()} disabled={calendars.isFetching}>
          Try again
        </Button>
      </div>
    );
  }

  const withGifts = calendars.data.filter((candidate) => candidate.raisedCents > 0);
  if (withGifts.length === 0) {
    return (
      <section className={styles.panel} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          What your gifts could grow into
        </h2>
        <p>
          Once family and friends send gifts through your calendar, you will see here what they could grow into by the
          time your child is {GROWTH_YEARS.at(-1)}.
        </p>
        <ButtonLink to="/my_calendars" variant="secondary">
          My calendars
        </ButtonLink>
      </section>
    );
  }

  const calendar = withGifts.find((candidate) => candidate.id === chosenId) ?? withGifts[0]!;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      {withGifts.length > 1 && (
        <p className={styles.chooser}>
          <label htmlFor={selectId}>Calendar</label>
          <select id={selectId} value={calendar.id} onChange={(event) => setChosenId(event.target.value)}>
            {withGifts.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.title} ({formatMoney(candidate.raisedCents)})
              </option>
            ))}
          </select>
        </p>
      )}
      <h2 id={headingId} className={styles.heading}>
        Your {formatMoney(calendar.raisedCents)} at {RATE} a year could be …
      </h2>
      <ul className={styles.horizons} aria-live="polite">
        {GROWTH_YEARS.map((years) => (
          <li key={years}>
            <span className={styles.value}>{formatMoney(projectGrowthCents(calendar.raisedCents, years))}</span>
            <span className={styles.when}>at {years} years old</span>
          </li>
        ))}
      </ul>
      <p className={styles.note}>
        <strong>An illustration, not a forecast.</strong> It assumes the gifts of “{calendar.title}” stay invested and
        grow by {RATE} every year. Real returns vary and are not guaranteed, and past returns do not predict future
        ones. The value of an investment can go down as well as up, so your capital is at risk. This is not financial
        advice.
      </p>
    </section>
  );
}
