import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { useId } from 'react';
import { useLocale, useT } from '../i18n/use-t.tsx';
import styles from './closing.module.css';
import { describeNextSteps } from './closing-status.ts';
import { FailedAddresses, useCalendarClosing } from './closing-summary.tsx';

/**
 * The top of a closed calendar's Calendar Info: when it closed, why nothing can be changed any
 * more, and what happens next with the money and the e-mails (from the closing the server reports).
 */
export function ClosedCalendarBanner({ calendar }: { calendar: OwnerCalendar }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const closing = useCalendarClosing(calendar, true);

  const title = closing
    ? t('calendars.closedBanner.closedOn', { date: formatLongDate(closing.closedAt.slice(0, 10), locale) })
    : t('calendars.closedBanner.closed');
  const how = !closing
    ? t('calendars.closedBanner.noMore')
    : closing.kind === 'announcement' && closing.birthDate
      ? t('calendars.closedBanner.announced', { date: formatLongDate(closing.birthDate, locale) })
      : t('calendars.closedBanner.closedWithout');

  return (
    <section className={styles.closedBanner} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.closedBannerTitle}>
        {title}
      </h2>
      <p>
        {how} {t('calendars.closedBanner.kept')}
      </p>
      {closing && (
        <>
          <h3 id={`${id}-next`} className={styles.closedBannerSubtitle}>
            {t('calendars.closedBanner.whatNext')}
          </h3>
          <ul className={styles.consequences} aria-labelledby={`${id}-next`}>
            {describeNextSteps(closing, { t, locale, currency: calendar.currency }).map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ul>
          <FailedAddresses closing={closing} id={id} />
        </>
      )}
    </section>
  );
}
