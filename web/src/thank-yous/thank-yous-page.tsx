import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import type { ThankYouList, ThankYouParticipant, ThankYouSendResult } from '@firstday/common/thank-yous';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { getCalendar, getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { WishesIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { ThankYouDialog } from './thank-you-dialog.tsx';
import { createEveryoneDraft, createPersonalDraft, describeProgress, describeStatus } from './thank-you-drafts.ts';
import styles from './thank-yous.module.css';
import { getThankYousQueryKey, listThankYous, sendThankYou, thankEveryone } from './thank-yous-api.ts';

type Writing = { kind: 'one'; participant: ThankYouParticipant } | { kind: 'everyone'; count: number };

/** `/my_calendars/<id>/thank_yous`: every participant, whether they were thanked, and the notes to write. */
export default function ThankYousPage() {
  const t = useT();
  const { calendarId = '' } = useParams();
  const calendar = useQuery({
    queryKey: getCalendarQueryKey(calendarId),
    queryFn: ({ signal }) => getCalendar(calendarId, { signal }),
  });
  const thankYous = useQuery({
    queryKey: getThankYousQueryKey(calendarId),
    queryFn: ({ signal }) => listThankYous(calendarId, { signal }),
  });

  // The tab's title, in the page's language (React puts it in the head).
  const documentTitle = <title>{t('thank-yous.page.documentTitle')}</title>;
  const error = calendar.error ?? thankYous.error;
  if (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        {documentTitle}
        <PageHeader title={t('thank-yous.page.title')} />
        <div className={styles.loadProblem} role="alert">
          <p>{notFound ? t('thank-yous.page.notFound') : getErrorMessage(error, t)}</p>
          {notFound ? (
            <Link to="/my_calendars">{t('thank-yous.page.backToCalendars')}</Link>
          ) : (
            <Button onClick={() => Promise.all([calendar.refetch(), thankYous.refetch()])}>{t('app.tryAgain')}</Button>
          )}
        </div>
      </>
    );
  }
  if (!calendar.data || !thankYous.data) {
    return (
      <>
        {documentTitle}
        <PageHeader title={t('thank-yous.page.title')} />
        <p className={styles.loading} role="status">
          {t('thank-yous.page.loading')}
        </p>
      </>
    );
  }
  return (
    <>
      {documentTitle}
      <ThankYous calendar={calendar.data} list={thankYous.data} />
    </>
  );
}

function ThankYous({ calendar, list }: { calendar: OwnerCalendar; list: ThankYouList }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const [writing, setWriting] = useState<Writing | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const notThanked = list.participants.filter((participant) => !participant.thankedAt);
  const { thanked, total } = list.progress;

  function open(next: Writing) {
    opener.current = document.activeElement as HTMLElement | null;
    setDone(null);
    setWriting(next);
  }

  function close() {
    setWriting(null);
    // The row's button is gone once its participant is thanked: focus the progress then.
    const target = opener.current;
    if (target?.isConnected) target.focus();
    else document.getElementById(`${id}-progress`)?.focus();
  }

  function sent(result: ThankYouSendResult, who: string) {
    queryClient.setQueryData(getThankYousQueryKey(calendar.id), result.list);
    setDone(
      result.sent === 0
        ? t('thank-yous.page.alreadyThanked', { who })
        : result.sent === 1
          ? t('thank-yous.page.sentOne', { who })
          : t('thank-yous.page.sentMany', { count: result.sent }),
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('thank-yous.page.title')}
        lead={
          <>
            {calendar.title} · <Link to="/my_calendars">{t('app.menu.myCalendars')}</Link>
          </>
        }
        actions={
          list.open &&
          notThanked.length > 0 && (
            <Button size="lg" onClick={() => open({ kind: 'everyone', count: notThanked.length })}>
              {t('thank-yous.page.thankEveryone')}
            </Button>
          )
        }
      />

      {!list.open && list.closedReason && (
        <p className={styles.notice} role="note">
          {list.closedReason}
        </p>
      )}

      {total === 0 ? (
        <EmptyState illustration={<WishesIllustration />} title={t('thank-yous.page.emptyTitle')} tone="blue">
          <p>{t('thank-yous.page.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <section className={styles.progress} aria-labelledby={`${id}-progress`}>
            <h2 id={`${id}-progress`} className={styles.progressText} tabIndex={-1}>
              {describeProgress(list.progress, t)}
            </h2>
            <progress
              className={styles.progressBar}
              max={total}
              value={thanked}
              aria-label={describeProgress(list.progress, t)}
            />
            {/* Always in the page, so screen readers announce what a send did. */}
            <p className={styles.done} role="status">
              {done}
            </p>
          </section>
          <ul className={styles.list} aria-label={t('thank-yous.page.participants')}>
            {list.participants.map((participant) => (
              <li key={participant.contributionId}>
                <ParticipantCard
                  participant={participant}
                  canWrite={list.open}
                  onWrite={() => open({ kind: 'one', participant })}
                />
              </li>
            ))}
          </ul>
        </>
      )}

      {writing?.kind === 'one' && (
        <ThankYouDialog
          title={t('thank-yous.dialog.titleOne', { name: writing.participant.name })}
          description={t('thank-yous.dialog.descriptionOne', {
            name: writing.participant.name,
            email: writing.participant.email,
          })}
          initialMessage={createPersonalDraft(writing.participant, t, locale)}
          everyone={false}
          send={(message) => sendThankYou(calendar.id, writing.participant.contributionId, { message })}
          onSent={(result) => sent(result, writing.participant.name)}
          onClose={close}
        />
      )}
      {writing?.kind === 'everyone' && (
        <ThankYouDialog
          title={t('thank-yous.page.thankEveryone')}
          description={t('thank-yous.dialog.descriptionEveryone', { count: writing.count })}
          initialMessage={createEveryoneDraft(t)}
          everyone
          send={(message) => thankEveryone(calendar.id, { message })}
          onSent={(result) => sent(result, t('thank-yous.page.everyone'))}
          onClose={close}
        />
      )}
    </div>
  );
}

function ParticipantCard({
  participant,
  canWrite,
  onWrite,
}: {
  participant: ThankYouParticipant;
  canWrite: boolean;
  onWrite: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <article className={styles.card} aria-labelledby={`${id}-name`} data-thanked={Boolean(participant.thankedAt)}>
      <div className={styles.cardTop}>
        <div className={styles.who}>
          <h3 id={`${id}-name`} className={styles.name}>
            {participant.name}
          </h3>
          <p className={styles.email}>{participant.email}</p>
        </div>
        <p className={styles.status} data-status={participant.thankedAt ? 'thanked' : 'open'}>
          {describeStatus(participant, t, locale)}
        </p>
      </div>
      {(participant.bounced || participant.unsubscribed) && (
        <p className={styles.warning}>
          {t(participant.bounced ? 'thank-yous.card.bounced' : 'thank-yous.card.unsubscribed')}
        </p>
      )}
      <dl className={styles.facts}>
        {participant.guessedDate && (
          <div>
            <dt>{t('thank-yous.card.guessedDay')}</dt>
            <dd>{formatLongDate(participant.guessedDate, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t('thank-yous.card.gift')}</dt>
          <dd>
            {participant.giftAmount
              ? formatMoney(participant.giftAmount, { locale, currency: participant.currency })
              : t('thank-yous.card.noGift')}
          </dd>
        </div>
      </dl>
      {/* A wish the parents removed has no words left: only its gift is here. */}
      {participant.wish && (
        <blockquote className={styles.wish}>
          <p>{participant.wish}</p>
        </blockquote>
      )}
      {participant.message ? (
        <details className={styles.note}>
          <summary>{t('thank-yous.card.yourNote')}</summary>
          <p>{participant.message}</p>
        </details>
      ) : (
        canWrite && (
          <div className={styles.cardActions}>
            <Button
              variant="secondary"
              onClick={onWrite}
              aria-label={t('thank-yous.card.writeLabel', { name: participant.name })}
            >
              {t('thank-yous.card.write')}
            </Button>
          </div>
        )
      )}
    </article>
  );
}
