import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import type { ThankYouList, ThankYouParticipant, ThankYouSendResult } from '@firstday/common/thank-yous';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { getCalendar, getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { WishesIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { ThankYouDialog } from './thank-you-dialog.tsx';
import { createPersonalDraft, describeProgress, describeStatus, EVERYONE_DRAFT } from './thank-you-drafts.ts';
import styles from './thank-yous.module.css';
import { getThankYousQueryKey, listThankYous, sendThankYou, thankEveryone } from './thank-yous-api.ts';

export function meta() {
  return [{ title: 'Thank-yous – Firstday' }];
}

type Writing = { kind: 'one'; participant: ThankYouParticipant } | { kind: 'everyone'; count: number };

/** `/my_calendars/<id>/thank_yous`: every participant, whether they were thanked, and the notes to write. */
export default function ThankYousPage() {
  const { calendarId = '' } = useParams();
  const calendar = useQuery({
    queryKey: getCalendarQueryKey(calendarId),
    queryFn: ({ signal }) => getCalendar(calendarId, { signal }),
  });
  const thankYous = useQuery({
    queryKey: getThankYousQueryKey(calendarId),
    queryFn: ({ signal }) => listThankYous(calendarId, { signal }),
  });

  const error = calendar.error ?? thankYous.error;
  if (error) {
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <>
        <PageHeader title="Thank-yous" />
        <div className={styles.loadProblem} role="alert">
          <p>{notFound ? 'There is no calendar of yours at this address.' : getErrorMessage(error)}</p>
          {notFound ? (
            <Link to="/my_calendars">Back to my calendars</Link>
          ) : (
            <Button onClick={() => Promise.all([calendar.refetch(), thankYous.refetch()])}>Try again</Button>
          )}
        </div>
      </>
    );
  }
  if (!calendar.data || !thankYous.data) {
    return (
      <>
        <PageHeader title="Thank-yous" />
        <p className={styles.loading} role="status">
          Loading your thank-yous…
        </p>
      </>
    );
  }
  return <ThankYous calendar={calendar.data} list={thankYous.data} />;
}

function ThankYous({ calendar, list }: { calendar: OwnerCalendar; list: ThankYouList }) {
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
        ? `${who} had already been thanked: nothing more was sent.`
        : result.sent === 1
          ? `Your note to ${who} is on its way.`
          : `${result.sent} thank-you notes are on their way.`,
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader
        title="Thank-yous"
        lead={
          <>
            {calendar.title} · <Link to="/my_calendars">My calendars</Link>
          </>
        }
        actions={
          list.open &&
          notThanked.length > 0 && (
            <Button size="lg" onClick={() => open({ kind: 'everyone', count: notThanked.length })}>
              Thank everyone not yet thanked
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
        <EmptyState illustration={<WishesIllustration />} title="No participants to thank" tone="blue">
          <p>Nobody left a guess on this calendar, so there is nobody to thank yet.</p>
        </EmptyState>
      ) : (
        <>
          <section className={styles.progress} aria-labelledby={`${id}-progress`}>
            <h2 id={`${id}-progress`} className={styles.progressText} tabIndex={-1}>
              {describeProgress(list.progress)}
            </h2>
            <progress
              className={styles.progressBar}
              max={total}
              value={thanked}
              aria-label={describeProgress(list.progress)}
            />
            {/* Always in the page, so screen readers announce what a send did. */}
            <p className={styles.done} role="status">
              {done}
            </p>
          </section>
          <ul className={styles.list} aria-label="Participants">
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
          title={`Thank-you to ${writing.participant.name}`}
          description={`To ${writing.participant.email}. ${writing.participant.name} gets this note once, by e-mail.`}
          initialMessage={createPersonalDraft(writing.participant)}
          everyone={false}
          send={(message) => sendThankYou(calendar.id, writing.participant.contributionId, { message })}
          onSent={(result) => sent(result, writing.participant.name)}
          onClose={close}
        />
      )}
      {writing?.kind === 'everyone' && (
        <ThankYouDialog
          title="Thank everyone not yet thanked"
          description={`One note to the ${writing.count} ${writing.count === 1 ? 'person' : 'people'} not thanked yet, each by e-mail, once.`}
          initialMessage={EVERYONE_DRAFT}
          everyone
          send={(message) => thankEveryone(calendar.id, { message })}
          onSent={(result) => sent(result, 'Everyone')}
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
          {describeStatus(participant)}
        </p>
      </div>
      {(participant.bounced || participant.unsubscribed) && (
        <p className={styles.warning}>
          {participant.bounced
            ? 'Address bounced: our e-mails to this address could not be delivered.'
            : 'Unsubscribed from our e-mails: a note is recorded but not e-mailed.'}
        </p>
      )}
      <dl className={styles.facts}>
        <div>
          <dt>Guessed day</dt>
          <dd>{formatLongDate(participant.guessedDate)}</dd>
        </div>
        <div>
          <dt>Gift</dt>
          <dd>{participant.giftCents ? formatMoney(participant.giftCents) : 'No gift'}</dd>
        </div>
      </dl>
      <blockquote className={styles.wish}>
        <p>{participant.wish}</p>
      </blockquote>
      {participant.message ? (
        <details className={styles.note}>
          <summary>Your note</summary>
          <p>{participant.message}</p>
        </details>
      ) : (
        canWrite && (
          <div className={styles.cardActions}>
            <Button variant="secondary" onClick={onWrite} aria-label={`Write a thank-you to ${participant.name}`}>
              Write a thank-you
            </Button>
          </div>
        )
      )}
    </article>
  );
}
