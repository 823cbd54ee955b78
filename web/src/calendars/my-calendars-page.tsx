import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney } from '@firstday/common/format';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { AnnounceChooserDialog, getAnnounceAction } from '../announcements/announce-chooser.tsx';
import closingStyles from '../announcements/closing.module.css';
import { isCalendarClosed, isClosingInProgress } from '../announcements/closing-status.ts';
import { ClosingSummary } from '../announcements/closing-summary.tsx';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { pageContext, readApiJson } from '../page-context.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { CalendarIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import { getThankYousPath, opensThankYous } from '../thank-yous/thank-you-drafts.ts';
import type { Route } from './+types/my-calendars-page';
import { CalendarShareSection, ViewAsGuestLink } from './calendar-share-section.tsx';
import { BackgroundArt, StatusBadge } from './calendar-visuals.tsx';
import { CALENDARS_QUERY_KEY, listCalendars } from './calendars-api.ts';
import { CardMenu } from './card-menu.tsx';
import { copyShareLink, getShareLink } from './copy-text.ts';
import styles from './my-calendars.module.css';

export const handle: CataloguesHandle = { catalogues: ['app', 'calendars', 'contributions', 'thank-yous'] };

export function meta() {
  return [{ title: 'My calendars – Firstday' }];
}

/**
 * Rendered on the server with the owner's calendars (decision 036), read as the page would read
 * them, and with the public address their share links start with (the browser's own address may be
 * another name of the same server).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const answer = await readApiJson<{ calendars: OwnerCalendar[] }>(context, '/api/calendars', request);
  return { calendars: answer?.calendars, appUrl: context.get(pageContext).appUrl };
}

export function shouldRevalidate() {
  return false;
}

// The dialogs and their forms (zod, the schemas, the photo field) load on the page's first touch or
// key, not with the page: most visits only look, and the page hydrates sooner without them (decision 036).
// zod's switch comes first: the forms parse with it (lib/zod-without-eval.ts).
const loadForms = <Module,>(load: () => Promise<Module>) => import('../lib/zod-without-eval.ts').then(load);
const loadAnnounceDialog = () => loadForms(() => import('../announcements/announce-dialog.tsx'));
const loadCloseCalendarDialog = () => loadForms(() => import('../announcements/close-calendar-dialog.tsx'));
const loadCalendarDialogs = () => loadForms(() => import('./calendar-dialogs.tsx'));
const AnnounceDialog = lazy(() => loadAnnounceDialog().then((module) => ({ default: module.AnnounceDialog })));
const CloseCalendarDialog = lazy(() =>
  loadCloseCalendarDialog().then((module) => ({ default: module.CloseCalendarDialog })),
);
const SupportDialog = lazy(() => loadCalendarDialogs().then((module) => ({ default: module.SupportDialog })));

function warmDialogs() {
  void Promise.all([loadAnnounceDialog(), loadCloseCalendarDialog(), loadCalendarDialogs()]).catch(() => {});
}

type DialogKind = 'announce' | 'close' | 'support';
type OpenDialog =
  | { kind: DialogKind; calendar: OwnerCalendar; opener: HTMLElement | null }
  | { kind: 'choose'; calendars: OwnerCalendar[]; opener: HTMLElement | null }
  | null;

/** While a payout or the e-mails are under way, the cards follow them without a reload. */
const CLOSING_POLL_MS = 5000;

export default function MyCalendarsPage({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const calendars = useQuery({
    queryKey: CALENDARS_QUERY_KEY,
    queryFn: listCalendars,
    // What the server read for its HTML: the page hydrates with it, then React Query keeps it fresh.
    initialData: loaderData.calendars,
    refetchInterval: (query) =>
      query.state.data?.some((calendar) => isClosingInProgress(calendar.closing)) ? CLOSING_POLL_MS : false,
  });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const id = useId();

  // A press or a key starts before its click: by the time a menu entry is chosen, its dialog is here.
  useEffect(() => {
    const options = { capture: true, once: true };
    document.addEventListener('pointerdown', warmDialogs, options);
    document.addEventListener('keydown', warmDialogs, options);
    return () => {
      document.removeEventListener('pointerdown', warmDialogs, options);
      document.removeEventListener('keydown', warmDialogs, options);
    };
  }, []);

  function openDialog(kind: DialogKind, calendar: OwnerCalendar) {
    // The menu closes first; focus returns to whatever was focused before it (its button) on close.
    setDialog({ kind, calendar, opener: document.activeElement as HTMLElement | null });
  }

  function closeDialog() {
    dialog?.opener?.focus();
    setDialog(null);
  }

  if (calendars.isPending) {
    return (
      <>
        <PageHeader title={t('calendars.myCalendars.title')} />
        <p className={styles.loading} role="status">
          {t('calendars.myCalendars.loading')}
        </p>
      </>
    );
  }

  if (calendars.isError) {
    return (
      <>
        <PageHeader title={t('calendars.myCalendars.title')} />
        <div className={styles.loadProblem} role="alert">
          <p>{getErrorMessage(calendars.error)}</p>
          <Button onClick={() => calendars.refetch()} disabled={calendars.isFetching}>
            {t('calendars.myCalendars.tryAgain')}
          </Button>
        </div>
      </>
    );
  }

  const list = calendars.data;
  if (list.length === 0) {
    return (
      <>
        <PageHeader title={t('calendars.myCalendars.title')} />
        <EmptyState
          illustration={<CalendarIllustration />}
          title={t('calendars.myCalendars.emptyTitle')}
          actions={
            <ButtonLink to="/create_calendar" size="lg">
              {t('calendars.myCalendars.emptyAction')}
            </ButtonLink>
          }
        >
          <p>{t('calendars.myCalendars.emptyText')}</p>
        </EmptyState>
      </>
    );
  }

  const announce = getAnnounceAction(list, t);
  // Share first (issue 25): while the newest active calendar waits for its first guest, its link,
  // QR code and invitation lead the page.
  const waitingForGuests = list.find((calendar) => calendar.status === 'active' && calendar.participants === 0);

  return (
    <>
      <PageHeader
        title={t('calendars.myCalendars.title')}
        lead={t('calendars.myCalendars.lead')}
        actions={
          announce.kind !== 'none' && (
            <div className={styles.announceAction}>
              <Button
                size="lg"
                aria-disabled={announce.kind === 'blocked' || undefined}
                aria-describedby={announce.kind === 'blocked' ? `${id}-announce-reason` : undefined}
                onClick={(event) => {
                  if (announce.kind === 'announce') openDialog('announce', announce.calendar);
                  if (announce.kind === 'choose') {
                    setDialog({ kind: 'choose', calendars: announce.calendars, opener: event.currentTarget });
                  }
                }}
              >
                {t('calendars.myCalendars.announce')}
              </Button>
              {announce.kind === 'blocked' && (
                <p id={`${id}-announce-reason`} className={styles.announceReason}>
                  {announce.reason}
                </p>
              )}
            </div>
          )
        }
      />
      {waitingForGuests && <CalendarShareSection calendar={waitingForGuests} origin={loaderData.appUrl} />}
      <ul className={styles.grid}>
        {list.map((calendar) => (
          <li key={calendar.id}>
            <CalendarCard calendar={calendar} origin={loaderData.appUrl} onOpenDialog={openDialog} />
          </li>
        ))}
        <li>
          <Link to="/create_calendar" className={styles.addMore}>
            <span className={styles.addIcon} aria-hidden="true">
              +
            </span>
            {t('calendars.myCalendars.addMore')}
          </Link>
        </li>
      </ul>
      {dialog?.kind === 'choose' && (
        <AnnounceChooserDialog
          calendars={dialog.calendars}
          onChoose={(calendar) => setDialog({ kind: 'announce', calendar, opener: dialog.opener })}
          onClose={closeDialog}
        />
      )}
      <Suspense fallback={null}>
        {dialog?.kind === 'announce' && <AnnounceDialog calendar={dialog.calendar} onClose={closeDialog} />}
        {dialog?.kind === 'close' && <CloseCalendarDialog calendar={dialog.calendar} onClose={closeDialog} />}
        {dialog?.kind === 'support' && <SupportDialog calendarId={dialog.calendar.id} onClose={closeDialog} />}
      </Suspense>
    </>
  );
}

type CalendarCardProps = {
  calendar: OwnerCalendar;
  /** The site's public address, which share links start with. */
  origin: string;
  onOpenDialog: (kind: DialogKind, calendar: OwnerCalendar) => void;
};

function CalendarCard({ calendar, origin, onOpenDialog }: CalendarCardProps) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const infoPath = `/my_calendars/${calendar.id}`;
  const isDraft = calendar.status === 'draft';
  // A closed calendar's link still shows the announcement, so it stays worth sharing.
  const shareLink = !isDraft && calendar.shareUrl ? getShareLink(calendar.shareUrl, origin) : null;

  const actions = [
    ...(calendar.status === 'active'
      ? [
          { label: t('calendars.card.completeFundraising'), onSelect: () => onOpenDialog('announce', calendar) },
          { label: t('calendars.card.closeWithoutCelebration'), onSelect: () => onOpenDialog('close', calendar) },
        ]
      : []),
    ...(isCalendarClosed(calendar) && (!calendar.closing || opensThankYous(calendar.closing))
      ? [{ label: t('calendars.card.thankYous'), onSelect: () => navigate(getThankYousPath(calendar.id)) }]
      : []),
    ...(calendar.closing?.kind === 'announcement'
      ? [{ label: t('calendars.card.keepsake'), onSelect: () => navigate(`${infoPath}/keepsake`) }]
      : []),
    { label: t('calendars.card.writeToSupport'), onSelect: () => onOpenDialog('support', calendar) },
  ];

  return (
    // The title link is stretched over the card (CSS): a tap anywhere opens the calendar, even before the scripts run.
    <article className={styles.card} data-background={calendar.background} aria-labelledby={`title-${calendar.id}`}>
      <div className={styles.cardTop}>
        <BackgroundArt background={calendar.background} />
        <StatusBadge status={calendar.status} />
        <CardMenu label={t('calendars.card.moreActions', { title: calendar.title })} actions={actions} />
      </div>
      <h2 id={`title-${calendar.id}`} className={styles.cardTitle}>
        <Link to={infoPath} className={styles.cardLink}>
          {calendar.title}
        </Link>
      </h2>
      {/* One grid cell: cards of different heights keep their facts packed at the top. */}
      <div className={closingStyles.cardBody}>
        <dl className={styles.facts}>
          <div>
            <dt>{t('calendars.card.dueDate')}</dt>
            <dd>{calendar.dueDate ? formatLongDate(calendar.dueDate, locale) : t('calendars.card.notSetYet')}</dd>
          </div>
          <div>
            <dt>{t('calendars.card.participants')}</dt>
            <dd>{calendar.participants}</dd>
          </div>
          <div>
            <dt>{t('calendars.card.raised')}</dt>
            <dd>{formatMoney(calendar.raisedAmount, { currency: calendar.currency, locale })}</dd>
          </div>
        </dl>
        <ClosingSummary calendar={calendar} />
      </div>
      <div className={styles.cardActions}>
        {isDraft && (
          <ButtonLink to={`/create_calendar?draft=${encodeURIComponent(calendar.id)}`}>
            {t('calendars.card.continueSetup')}
          </ButtonLink>
        )}
        {shareLink && (
          <Button
            variant="secondary"
            onClick={() => copyShareLink(shareLink, t)}
            aria-label={t('calendars.card.copyLinkLabel', { title: calendar.title })}
          >
            <LinkIcon /> {t('calendars.card.linkToCalendar')}
          </Button>
        )}
        <ViewAsGuestLink calendar={calendar} />
      </div>
    </article>
  );
}

function LinkIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
