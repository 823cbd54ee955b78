import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { useId } from 'react';
import styles from './closing.module.css';
import { describeNextSteps } from './closing-status.ts';
import { FailedAddresses, useCalendarClosing } from './closing-summary.tsx';

/**
 * The top of a closed calendar's Calendar Info: when it closed, why nothing can be changed any
 * more, and what happens next with the money and the e-mails (from the closing the server reports).
 */
export function ClosedCalendarBanner({ calendar }: { calendar: OwnerCalendar }) {
  const id = useId();
  const closing = useCalendarClosing(calendar, true);

  const title = closing ? `Closed on ${formatLongDate(closing.closedAt.slice(0, 10))}` : 'This calendar is closed';
  const how = !closing
    ? 'It takes no more guesses or gifts.'
    : closing.kind === 'announcement' && closing.birthDate
      ? `You announced the birth (born on ${formatLongDate(closing.birthDate)}), so it takes no more guesses or gifts.`
      : 'You closed it without a celebration, so it takes no more guesses or gifts.';

  return (
    <section className={styles.closedBanner} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.closedBannerTitle}>
        {title}
      </h2>
      <p>
        {how} Its details are kept as they were and can no longer be changed. Its link stays online for everyone who
        took part.
      </p>
      {closing && (
        <>
          <h3 id={`${id}-next`} className={styles.closedBannerSubtitle}>
            What happens next
          </h3>
          <ul className={styles.consequences} aria-labelledby={`${id}-next`}>
            {describeNextSteps(closing).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          <FailedAddresses closing={closing} id={id} />
        </>
      )}
    </section>
  );
}
