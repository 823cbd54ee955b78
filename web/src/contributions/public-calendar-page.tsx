import type { PublicCalendar, PublicWish } from '@firstday/common/contributions';
import { formatLongDate, formatMoney, formatNumber } from '@firstday/common/format';
import { imageSrcSet, imageUrl } from '@firstday/common/images';
import { keepPreviousData, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { data } from 'react-router';
import { Button } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import type { HydrateAfterPaintHandle } from '../hydrate-after-paint.ts';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { requestLocale } from '../i18n/request-locale.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { replayEarlyTap } from '../lib/early-taps.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { focusWhenLost } from '../lib/focus-when-lost.ts';
import { NotFoundView } from '../marketing/not-found-view.tsx';
import { pageContext } from '../page-context.ts';
import { createQueryClient } from '../shell/query-client.ts';
import type { Route } from './+types/public-calendar-page';
import { AnnouncementPanel, ClosedNotice } from './announcement-panel.tsx';
import { CalendarFooter } from './calendar-footer.tsx';
import { buildCalendarMeta } from './calendar-meta.ts';
import {
  getPublicCalendar,
  getPublicCalendarQueryKey,
  getWishPageView,
  getWishPageViewQueryKey,
} from './contributions-api.ts';
import { describeDueCountdown, getLocalToday } from './due-countdown.ts';
import { GuessCalendar } from './guess-calendar.tsx';
import styles from './public-calendar.module.css';
import { PublicWishList } from './public-wish-list.tsx';
import { getBirthNews } from './share-links.ts';
import { SharePanel } from './share-panel.tsx';
import { StickyPickBar } from './sticky-pick-bar.tsx';

// The form (with the schemas and the payment) loads when someone picks a day, not with the page.
const loadContributionDialog = () => import('./contribution-dialog.tsx');
const ContributionDialog = lazy(loadContributionDialog);
// The parents' own tools: loaded only when the visitor turns out to be the owner.
const loadOwnerTools = () => import('./owner-page-tools.tsx');
const OwnerWishesNote = lazy(() => loadOwnerTools().then((module) => ({ default: module.OwnerWishesNote })));
const OwnerWishActions = lazy(() => loadOwnerTools().then((module) => ({ default: module.OwnerWishActions })));

/**
 * Runs on the server (docs/decisions/012-server-rendered-guest-page.md): the page arrives with the
 * calendar in its HTML, read through the API's own service and cache. A draft or an unknown slug
 * answers status 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  // The page and its head in the guest's language (their cookie, else the browser's).
  const locale = requestLocale(request, []);
  const calendar = (await page.getPublicCalendar(params.slug, locale)) ?? null;
  // The countdown's day on the server; the guest's own calendar takes over once the page runs.
  const today = new Date().toISOString().slice(0, 10);
  const i18n = createServerI18n(locale);
  const meta = buildCalendarMeta(calendar, page.appUrl, (id, values) => i18n._(id, values), locale);
  return data({ calendar, appUrl: page.appUrl, today, meta }, { status: calendar ? 200 : 404 });
}

/** Its first HTML is complete, so its scripts may wait until it has painted (hydrate-after-paint.ts). */
export const handle: HydrateAfterPaintHandle & CataloguesHandle = {
  hydrateAfterPaint: true,
  catalogues: ['app', 'contributions'],
};

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [];

export default function PublicCalendarPage({ loaderData, params }: Route.ComponentProps) {
  const [queryClient] = useState(createQueryClient);
  if (!loaderData.calendar) return <NotFoundView />;
  return (
    <QueryClientProvider client={queryClient}>
      <PublicCalendarScreen
        slug={params.slug}
        initial={loaderData.calendar}
        serverToday={loaderData.today}
        shareUrl={`${loaderData.appUrl}/c/${params.slug}`}
      />
    </QueryClientProvider>
  );
}

function isClosed(calendar: PublicCalendar): boolean {
  return calendar.announcement !== null || calendar.status !== 'active';
}

/**
 * The server's calendar seeds the cache, so hydration matches; after a contribution the API
 * refreshes it. It is read per language: after the guest switches languages the API words an
 * automatic title in the new one (the previous answer shows meanwhile).
 */
function PublicCalendarScreen({
  slug,
  initial,
  serverToday,
  shareUrl,
}: {
  slug: string;
  initial: PublicCalendar;
  serverToday: string;
  shareUrl: string;
}) {
  const locale = useLocale();
  const [serverLocale] = useState(locale);
  const query = useQuery({
    queryKey: [...getPublicCalendarQueryKey(slug), locale],
    queryFn: ({ signal }) => getPublicCalendar(slug, { signal }),
    initialData: locale === serverLocale ? initial : undefined,
    placeholderData: keepPreviousData,
    // As fresh as the server's cache: no second read right after hydration.
    staleTime: 30_000,
  });
  return <CalendarScreen calendar={query.data ?? initial} slug={slug} shareUrl={shareUrl} serverToday={serverToday} />;
}

type ExtraWishes = { items: PublicWish[]; nextCursor: string | null };

function CalendarScreen({
  calendar,
  slug,
  shareUrl,
  serverToday,
}: {
  calendar: PublicCalendar;
  slug: string;
  shareUrl: string;
  serverToday: string;
}) {
  const queryClient = useQueryClient();
  const t = useT();
  const locale = useLocale();
  const [selectedDate, setSelectedDate] = useState<string | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  // A welcome gift after the birth: the same form without a day (decision 026).
  const [welcomeOpen, setWelcomeOpen] = useState(false);
  const welcomeSectionRef = useRef<HTMLElement>(null);
  const [extra, setExtra] = useState<ExtraWishes | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreProblem, setMoreProblem] = useState<string | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const ownerNoteRef = useRef<HTMLDivElement>(null);
  const [ownerMessage, setOwnerMessage] = useState('');
  // Asked once the page runs (never while the server renders it): a guest's answer is `owner: false`.
  const pageView = useQuery({
    queryKey: getWishPageViewQueryKey(slug),
    queryFn: ({ signal }) => getWishPageView(slug, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
  const ownerView = pageView.data?.owner ? pageView.data : null;
  const closed = isClosed(calendar);
  // Closed with no announcement: no celebration, so no guesses to compare and nothing to share.
  const quietlyClosed = closed && calendar.announcement === null;

  // Most visitors only look: the form's chunk loads on the first touch, hover or focus of the grid
  // (a press starts before its click), so picking a day still opens the form at once without every
  // visit paying for it.
  useEffect(() => {
    const grid = gridRef.current;
    if (closed || !grid) return;
    const events = ['pointerdown', 'pointerover', 'focusin'] as const;
    const warm = () => {
      void loadContributionDialog();
      for (const event of events) grid.removeEventListener(event, warm);
    };
    for (const event of events) grid.addEventListener(event, warm, { passive: true });
    return () => {
      for (const event of events) grid.removeEventListener(event, warm);
    };
  }, [closed]);

  // A day (or any button) tapped before the page's scripts ran is pressed again now (decision 030).
  useEffect(replayEarlyTap, []);

  const wishes = useMemo(() => {
    const seen = new Set<string>();
    return [...calendar.wishes.items, ...(extra?.items ?? [])].filter((wish) => {
      if (seen.has(wish.id)) return false;
      seen.add(wish.id);
      return true;
    });
  }, [calendar.wishes.items, extra]);
  const nextCursor = extra ? extra.nextCursor : calendar.wishes.nextCursor;

  async function showMore() {
    if (!nextCursor || loadingMore) return;
    setLoadingMore(true);
    setMoreProblem(null);
    try {
      const page = await getPublicCalendar(slug, { cursor: nextCursor });
      setExtra((current) => ({
        items: [...(current?.items ?? []), ...page.wishes.items],
        nextCursor: page.wishes.nextCursor,
      }));
    } catch (error) {
      setMoreProblem(getErrorMessage(error));
    } finally {
      setLoadingMore(false);
    }
  }

  function pickDay(date: string) {
    setSelectedDate(date);
    setFormOpen(true);
  }

  function closeForm() {
    setFormOpen(false);
    // Back to the day that opened the form, unless the dialog gave the focus back itself.
    focusWhenLost(() => gridRef.current?.querySelector<HTMLElement>(`[data-date="${selectedDate}"]`));
  }

  function goToGrid() {
    gridRef.current?.scrollIntoView({ block: 'start' });
    const target =
      gridRef.current?.querySelector<HTMLElement>('button[data-due]:not([aria-disabled="true"])') ??
      gridRef.current?.querySelector<HTMLElement>('button[data-date]:not([aria-disabled="true"])');
    target?.focus({ preventScroll: true });
  }

  function refreshCalendar() {
    setExtra(null);
    return queryClient.invalidateQueries({ queryKey: getPublicCalendarQueryKey(slug) });
  }

  const ownerNotice = { success: setOwnerMessage, error: setOwnerMessage };
  // A hidden or removed wish leaves the page with its buttons: once it is gone, the focus goes to
  // the note that tells what happened.
  const [moderatedId, setModeratedId] = useState<string | null>(null);
  const moderatedIsGone = moderatedId !== null && !wishes.some((wish) => wish.id === moderatedId);
  useEffect(() => {
    if (!moderatedIsGone) return;
    ownerNoteRef.current?.focus();
    setModeratedId(null);
  }, [moderatedIsGone]);

  function afterModeration(_action: string, wishId: string) {
    setModeratedId(wishId);
    void refreshCalendar();
  }

  const heading = calendar.parentNames ? calendar.title : calendar.title || t('contributions.page.defaultTitle');
  const [today, setToday] = useState(serverToday);
  // After hydration (which must print the server's text), the countdown follows the guest's own day.
  useEffect(() => setToday(getLocalToday()), []);
  const countdown = closed ? null : describeDueCountdown(calendar.dueDate, today, t);
  const shareNews = getBirthNews(calendar, locale);

  return (
    <div className={styles.page} data-background={calendar.background}>
      <header className={styles.top}>
        <Logo />
      </header>
      <main id="main" className={styles.main}>
        {/* After the birth the news leads; the bump photo, the parents-to-be's note and the countdown go. */}
        {calendar.announcement && (
          <AnnouncementPanel announcement={calendar.announcement} slug={slug} calendarTitle={heading} />
        )}
        {!calendar.announcement && (
          <section
            className={styles.hero}
            aria-labelledby="calendar-title"
            data-has-photo={calendar.coverImageId ? true : undefined}
          >
            {calendar.coverImageId && (
              <CoverPhoto
                id={calendar.coverImageId}
                size={calendar.coverImageSize}
                alt={
                  calendar.parentNames
                    ? t('contributions.page.coverAlt', { names: calendar.parentNames })
                    : t('contributions.page.coverAltParents')
                }
              />
            )}
            <div className={styles.heroText}>
              <p className={styles.kicker}>{t('contributions.page.kicker')}</p>
              <h1 id="calendar-title" className={styles.title}>
                {heading}
              </h1>
              {calendar.parentNames && calendar.parentNames !== heading && (
                <p className={styles.parents}>{calendar.parentNames}</p>
              )}
              {countdown && (
                <p className={styles.countdown}>
                  <strong>{countdown.headline}</strong>
                  {countdown.detail && <span> {countdown.detail}</span>}
                </p>
              )}
              {calendar.parentsNote && (
                <figure className={styles.note}>
                  <blockquote className={styles.noteText}>{calendar.parentsNote}</blockquote>
                  <figcaption className={styles.noteFrom}>
                    —{' '}
                    {calendar.parentNames
                      ? t('contributions.page.noteFrom', { names: calendar.parentNames })
                      : t('contributions.page.noteFromParents')}
                  </figcaption>
                </figure>
              )}
              {/* Closed: the gifts are on their way to the parents, a running total no longer means anything. */}
              <CalendarStats calendar={calendar} withTotal={!closed} />
            </div>
          </section>
        )}
        {calendar.announcement && calendar.welcomeGifts && (
          <section ref={welcomeSectionRef} className={styles.card} aria-labelledby="welcome-gift-title">
            <h2 id="welcome-gift-title" className={styles.sectionTitle}>
              {t('contributions.welcome.sectionTitle')}
            </h2>
            <p className={styles.lead}>
              {t('contributions.welcome.sectionLead', {
                names: calendar.parentNames || t('contributions.welcome.theParents'),
                date: formatLongDate(calendar.welcomeGifts.until.slice(0, 10), locale),
              })}
            </p>
            <Button
              size="lg"
              className={styles.welcomeAction}
              onPointerEnter={() => void loadContributionDialog()}
              onClick={() => setWelcomeOpen(true)}
            >
              {t('contributions.welcome.send')}
            </Button>
          </section>
        )}
        {quietlyClosed && <ClosedNotice />}

        {!quietlyClosed && (
          <section className={styles.card} aria-labelledby="pick-title">
            <h2 id="pick-title" className={styles.sectionTitle}>
              {closed ? t('contributions.page.everyonesGuesses') : t('contributions.page.pickTitle')}
            </h2>
            {!closed && <p className={styles.lead}>{t('contributions.page.pickLead')}</p>}
            {calendar.announcement && (
              <>
                <p className={styles.lead}>
                  {calendar.welcomeGifts
                    ? t('contributions.announcement.kickerWelcome')
                    : t('contributions.announcement.kicker')}
                </p>
                <CalendarStats calendar={calendar} withTotal={false} />
              </>
            )}
            <div ref={gridRef} className={styles.gridWrap}>
              <GuessCalendar
                window={calendar.window}
                dueDate={calendar.dueDate}
                guesses={calendar.guesses}
                selectedDate={formOpen ? selectedDate : null}
                onPick={closed ? undefined : pickDay}
                birthDate={calendar.announcement?.birthDate}
              />
            </div>
            <p className={styles.funNote}>{t('contributions.justForFun')}</p>
          </section>
        )}

        <section className={styles.card} aria-labelledby="wishes-title">
          <h2 id="wishes-title" className={styles.sectionTitle}>
            {t('contributions.page.wishes')}
          </h2>
          {ownerView && (
            <Suspense fallback={null}>
              <OwnerWishesNote ref={ownerNoteRef} hiddenWishes={ownerView.hiddenWishes} message={ownerMessage} />
            </Suspense>
          )}
          <PublicWishList
            wishes={wishes}
            hasMore={Boolean(nextCursor)}
            loadingMore={loadingMore}
            moreProblem={moreProblem}
            onShowMore={showMore}
            accepting={!closed ? 'guesses' : calendar.welcomeGifts ? 'welcome_gifts' : 'nothing'}
            renderActions={
              ownerView
                ? (wish, describedBy) => (
                    <Suspense fallback={null}>
                      <OwnerWishActions
                        wish={wish}
                        describedBy={describedBy}
                        notice={ownerNotice}
                        onDone={afterModeration}
                      />
                    </Suspense>
                  )
                : undefined
            }
          />
        </section>

        {!quietlyClosed && (
          <section className={styles.card} aria-labelledby="share-title" data-pick-bar-avoid="">
            <h2 id="share-title" className={styles.sectionTitle}>
              {t('contributions.page.share')}
            </h2>
            <SharePanel url={shareUrl} title={heading} news={shareNews} />
          </section>
        )}
      </main>

      <CalendarFooter />

      {!closed && <StickyPickBar onPick={goToGrid} />}

      {welcomeOpen && calendar.welcomeGifts && (
        <Suspense fallback={null}>
          <ContributionDialog
            calendar={calendar}
            slug={slug}
            guessedDate={null}
            shareUrl={shareUrl}
            onClose={() => {
              setWelcomeOpen(false);
              focusWhenLost(() => welcomeSectionRef.current?.querySelector('button'));
            }}
            onContributed={refreshCalendar}
          />
        </Suspense>
      )}

      {formOpen && selectedDate && (
        <Suspense fallback={null}>
          <ContributionDialog
            calendar={calendar}
            slug={slug}
            guessedDate={selectedDate}
            shareUrl={shareUrl}
            onClose={closeForm}
            onContributed={refreshCalendar}
          />
        </Suspense>
      )}
    </div>
  );
}

/**
 * The parents' photo at the top: the first thing painted, so it loads at once (not lazily) with a
 * `sizes` that picks the smallest fitting width, and its width and height keep the layout still.
 */
function CoverPhoto({ id, size, alt }: { id: string; size: PublicCalendar['coverImageSize']; alt: string }) {
  const sizes = '(min-width: 700px) 22rem, calc(100vw - 4rem)';
  return (
    <picture className={styles.photo}>
      <source type="image/webp" srcSet={imageSrcSet(id, 'webp')} sizes={sizes} />
      <img
        className={styles.photoImage}
        src={imageUrl(id, 640, 'jpeg')}
        srcSet={imageSrcSet(id, 'jpeg')}
        sizes={sizes}
        width={size?.width}
        height={size?.height}
        alt={alt}
        decoding="async"
        fetchPriority="high"
      />
    </picture>
  );
}

/** The due date, the participants and (while it means something) the total raised. */
function CalendarStats({ calendar, withTotal }: { calendar: PublicCalendar; withTotal: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <dl className={styles.stats}>
      <div>
        <dt>{t('contributions.page.dueDate')}</dt>
        <dd>{formatLongDate(calendar.dueDate, locale)}</dd>
      </div>
      <div>
        <dt>{t('contributions.page.participants')}</dt>
        <dd>{formatNumber(calendar.participants, locale)}</dd>
      </div>
      {withTotal && calendar.totalRaisedAmount !== undefined && (
        <div>
          <dt>{t('contributions.page.raised')}</dt>
          <dd>{formatMoney(calendar.totalRaisedAmount, { currency: calendar.currency, locale })}</dd>
        </div>
      )}
    </dl>
  );
}
