import type { OwnerCalendar } from '@firstday/common/calendars';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { formatLongDate } from '../lib/format-date.ts';
import { getCalendarQueryKey } from './calendars-api.ts';
import styles from './closing.module.css';
import { getClosing } from './closing-api.ts';
import { describeNextSteps } from './closing-status.ts';

/**
 * The top of a closed calendar's Calendar Info: when it closed, why nothing can be changed any
 * more, and what happens next with the money and the e-mails (from the closing the server reports).
 */
export function ClosedCalendarBanner({ calendar }: { calendar: OwnerCalendar }) {
  const id = useId();
  // The calendar should carry its closing; if an answer comes without it, the closing route has it.
  const fallback = useQuery({
    queryKey: [...getCalendarQueryKey(calendar.id), 'closing'],
    queryFn: ({ signal }) => getClosing(calendar.id, { signal }),
    enabled: !calendar.closing,
  });
  const closing = calendar.closing ?? fallback.data;

  const title = closing ? `Closed on ${formatLongDate(closing.closedAt.slice(0, 10))}` : 'This calendar is closed';
  const how = !closing
    ? 'It takes no more guesses or gifts.'
    : closing.kind === 'announcement' && closing.birthDate
      ? `You announced the birth (born on ${formatLongDate(closing.birthDate)}), so it takes no more guesses or gifts.`
      : 'You closed it without a celebration, so it takes no more guesses or gifts.';
  const failed = closing?.emails.failed ?? [];

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
          {failed.length > 0 && (
            <>
              <p id={`${id}-failed`}>These addresses could not be reached:</p>
              <ul className={styles.failedList} aria-labelledby={`${id}-failed`}>
                {failed.map((address) => (
                  <li key={address}>{address}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
