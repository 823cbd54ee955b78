import type { CurrentUser } from '@firstday/common/account';
import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { CURRENT_USER_QUERY_KEY, isSignedOutError, useCurrentUser } from '../account/use-current-user.ts';
import { Button } from '../components/button.tsx';
import { ToastHost } from '../components/toast-host.tsx';
import { chooseLocale, rememberLocale } from '../i18n/client-i18n.ts';
import { APP_NAMESPACES } from '../i18n/namespaces.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { putJson, setUnauthorizedHandler } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './app-shell.module.css';
import { buildLoginRedirect } from './menu-entries.ts';
import { createQueryClient } from './query-client.ts';
import { ShellSkeleton } from './shell-skeleton.tsx';
import { SideMenu } from './side-menu.tsx';
import { TopBar } from './top-bar.tsx';

const MOBILE_QUERY = '(max-width: 1149px)';

/**
 * The signed-in area: top bar, side menu, toasts, and the guard around every page, mounted once by
 * shell/signed-in-layout.tsx for every signed-in page. `initialUser`: the account as the server
 * read it (decision 036), so the page shows at once instead of after `/api/users/me`.
 */
export function SignedInShell({ initialUser }: { initialUser?: CurrentUser }) {
  // Per mount, so a new sign-in never sees the previous user's cached data.
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (initialUser) client.setQueryData(CURRENT_USER_QUERY_KEY, initialUser);
    return client;
  });
  const navigate = useNavigate();

  // A session that ends while a page is open (e.g. a save) goes to /login without a full reload.
  useEffect(() => {
    setUnauthorizedHandler((returnTo) =>
      navigate(`/login?redirect=${encodeURIComponent(returnTo)}`, { replace: true }),
    );
    return () => setUnauthorizedHandler(null);
  }, [navigate]);

  return (
    <QueryClientProvider client={queryClient}>
      <ShellFrame>
        <AuthGuard>
          <Outlet />
        </AuthGuard>
      </ShellFrame>
      <ToastHost position="bottom-left" />
    </QueryClientProvider>
  );
}

function ShellFrame({ children }: { children: ReactNode }) {
  const t = useT();
  const menuId = useId();
  // The specification: the side menu starts collapsed.
  const [menuExpanded, setMenuExpanded] = useState(false);
  const toggleMenu = useCallback(() => setMenuExpanded((expanded) => !expanded), []);

  const closeDrawerOnMobile = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setMenuExpanded(false);
  }, []);

  // On mobile the open menu is an overlay: Escape closes it like any other overlay.
  useEffect(() => {
    if (!menuExpanded) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key === 'Escape' && window.matchMedia(MOBILE_QUERY).matches) {
        setMenuExpanded(false);
        document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menuId)}"]`)?.focus();
      }
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [menuExpanded, menuId]);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('app.shell.skipToContent')}
      </a>
      <TopBar menuId={menuId} menuExpanded={menuExpanded} onToggleMenu={toggleMenu} />
      <div className={styles.body} data-menu-expanded={menuExpanded}>
        <SideMenu id={menuId} expanded={menuExpanded} onNavigate={closeDrawerOnMobile} />
        {menuExpanded && <div className={styles.backdrop} aria-hidden="true" onClick={toggleMenu} />}
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** Shows the page only to a signed-in user; a signed-out visitor goes to /login and comes back after. */
function AuthGuard({ children }: { children: ReactNode }) {
  const t = useT();
  const location = useLocation();
  const currentUser = useCurrentUser();
  useAccountLanguage(currentUser.data);

  if (currentUser.isError && isSignedOutError(currentUser.error)) {
    return <Navigate to={buildLoginRedirect(location)} replace />;
  }
  if (currentUser.isPending) return <ShellSkeleton />;
  if (currentUser.isError) {
    return (
      <div className={styles.loadProblem} role="alert">
        <h1>{t('app.shell.loadProblemTitle')}</h1>
        <p>{getErrorMessage(currentUser.error, t)}</p>
        <Button onClick={() => currentUser.refetch()} disabled={currentUser.isFetching}>
          {t('app.tryAgain')}
        </Button>
      </div>
    );
  }
  return children;
}

/**
 * The signed-in area speaks the account's language: once the user is loaded, the page switches to
 * it (and the choice is remembered for the next visit). An account without one records the page's
 * language; a later switch in the top bar is saved to the account too, like Settings does.
 */
function useAccountLanguage(user: CurrentUser | undefined) {
  const queryClient = useQueryClient();
  const pageLocale = useLocale();
  const loaded = user !== undefined;
  const saved = user?.settings.locale;
  // False while the page is switching to the account's language: the page's language is not a choice then.
  const applied = useRef(false);

  useEffect(() => {
    if (!loaded) return;
    if (!saved) {
      applied.current = true;
      return;
    }
    let active = true;
    applied.current = false;
    rememberLocale(saved);
    chooseLocale(saved, APP_NAMESPACES)
      .catch(() => {})
      .finally(() => {
        if (active) applied.current = true;
      });
    return () => {
      active = false;
    };
  }, [loaded, saved]);

  useEffect(() => {
    if (!loaded || !applied.current || pageLocale === saved) return;
    putJson<CurrentUser>('/api/account/locale', { locale: pageLocale })
      .then((updated) => queryClient.setQueryData(CURRENT_USER_QUERY_KEY, updated))
      .catch(() => {});
  }, [loaded, saved, pageLocale, queryClient]);
}
