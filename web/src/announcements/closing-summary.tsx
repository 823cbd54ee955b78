import type { CalendarClosing } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { CALENDARS_QUERY_KEY, getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import { getThankYousPath, opensThankYous } from '../thank-yous/thank-you-drafts.ts';
import styles from './closing.module.css';
import { getClosing, payOutWelcomeGiftsNow } from './closing-api.ts';
import {
  describeEmails,
  describePayout,
  getClosingLabel,
  isCalendarClosed,
  isWelcomeGiftsOpen,
} from './closing-status.ts';

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
      {isWelcomeGiftsOpen(closing) && <PayOutNow calendarId={calendar.id} />}
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

/**
 * 'Pay out now' while the page takes welcome gifts (decision 026): asked once more, because the
 * page then stops taking them and the one payout goes out.
 */
function PayOutNow({ calendarId }: { calendarId: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function payOut() {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await payOutWelcomeGiftsNow(calendarId);
      await queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      showSuccessToast(t('calendars.welcomeGifts.paidOutNow'));
    } catch (cause) {
      setProblem(getErrorMessage(cause));
    } finally {
      setSending(false);
      setAsking(false);
    }
  }

  return (
    <div className={styles.payOutNow}>
      {asking ? (
        <>
          <p>{t('calendars.welcomeGifts.confirm')}</p>
          <div className={styles.payOutNowButtons}>
            <Button onClick={() => void payOut()} aria-disabled={sending || undefined}>
              {sending ? t('calendars.welcomeGifts.paying') : t('calendars.welcomeGifts.payOutNow')}
            </Button>
            <Button variant="secondary" onClick={() => setAsking(false)}>
              {t('calendars.welcomeGifts.keepOpen')}
            </Button>
          </div>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setAsking(true)}>
          {t('calendars.welcomeGifts.payOutNow')}
        </Button>
      )}
      {problem && (
        <p role="alert" className={styles.payOutNowProblem}>
          {problem}
        </p>
      )}
    </div>
  );
}
