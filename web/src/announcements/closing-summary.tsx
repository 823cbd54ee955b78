import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import { getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getThankYousPath, opensThankYous } from '../thank-yous/thank-you-drafts.ts';
import styles from './closing.module.css';
import { getClosing } from './closing-api.ts';
import { describeEmails, describePayout, getClosingLabel, isCalendarClosed } from './closing-status.ts';

/**
 * A closed calendar's closing: the calendar should carry it; if an answer comes without it, the
 * closing route has it. `closed` says whether to ask at all.
 */
export function useCalendarClosing(calendar: OwnerCalendar, closed: boolean): CalendarClosing | undefined {
  const fallback = useQuery({
    queryKey: [...getCalendarQueryKey(calendar.id), 'closing'],
    queryFn: ({ signal }) => getClosing(calendar.id, { signal }),
    enabled: closed && !calendar.closing,
  });
  return calendar.closing ?? fallback.data;
}

/** The addresses the closing's e-mails could not reach, if any. */
export function FailedAddresses({ closing, id }: { closing: CalendarClosing; id: string }) {
  const t = useT();
  const failed = closing.emails.failed;
  if (failed.length === 0) return null;
  return (
    <>
      <p id={`${id}-failed`}>{t('calendars.closingSummary.failedAddresses')}</p>
      <ul className={styles.failedList} aria-labelledby={`${id}-failed`}>
        {failed.map((address) => (
          <li key={address}>{address}</li>
        ))}
      </ul>
    </>
  );
}

/** What happened at the end of a calendar: the payout (or refunds), the e-mails, and the addresses that bounced. */
export function ClosingSummary({ calendar }: { calendar: OwnerCalendar }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const closed = isCalendarClosed(calendar);
  const closing = useCalendarClosing(calendar, closed);
  if (!closed || !closing) return null;

  const title =
    closing.kind === 'announcement' && closing.birthDate
      ? t('calendars.closingSummary.titleBorn', {
          label: getClosingLabel(closing, t),
          date: formatLongDate(closing.birthDate, locale),
        })
      : t('calendars.closingSummary.titleOn', {
          label: getClosingLabel(closing, t),
          date: formatLongDate(closing.closedAt.slice(0, 10), locale),
        });

  return (
    <section className={styles.closing} aria-labelledby={`${id}-closing`}>
      <p id={`${id}-closing`} className={styles.closingTitle}>
        {title}
      </p>
      <p className={styles.payout} data-status={closing.payout?.status}>
        {describePayout(closing, { t, locale, currency: calendar.currency })}
      </p>
      <p>{describeEmails(closing, t)}</p>
      <FailedAddresses closing={closing} id={id} />
      {opensThankYous(closing) && (
        <Link to={getThankYousPath(calendar.id)} className={styles.nextLink}>
          {t('calendars.closingSummary.writeThankYous')}
        </Link>
      )}
      {closing.kind === 'announcement' && (
        <Link to={`/my_calendars/${calendar.id}/keepsake`} className={styles.nextLink}>
          {t('calendars.closingSummary.openKeepsake')}
        </Link>
      )}
    </section>
  );
}
