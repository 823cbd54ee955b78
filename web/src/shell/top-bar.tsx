import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { signOut } from '../auth/session.ts';
import { Logo } from '../components/logo.tsx';
import { UnreadBadge, unreadBadgeWrapClass } from '../contributions/unread-badge.tsx';
import { useUnreadWishCount } from '../contributions/unread-wishes.ts';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './app-shell.module.css';
import { showErrorToast } from './app-toast.ts';
import { getBackLink } from './menu-entries.ts';
import { BackIcon, LogoutIcon, MenuIcon, WishesIcon } from './shell-icons.tsx';

type TopBarProps = { menuId: string; menuExpanded: boolean; onToggleMenu: () => void };

export function TopBar({ menuId, menuExpanded, onToggleMenu }: TopBarProps) {
  const t = useT();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const backLink = getBackLink(pathname);
  const unreadWishes = useUnreadWishCount();
  // 'Wishes' or 'Wishes, 3 unread': the accessible name of the wishes button.
  const wishesLabel = unreadWishes > 0 ? t('app.topBar.wishesUnread', { unread: unreadWishes }) : t('app.menu.wishes');

  async function logOut() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await signOut();
      // Replace: Back must not return to a signed-in page that would only bounce to /login.
      navigate('/login', { replace: true });
    } catch (error) {
      showErrorToast(t('app.topBar.logoutFailed', { reason: getErrorMessage(error, t) }));
      setLoggingOut(false);
    }
  }

  return (
    <header className={styles.topBar}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label={t('app.topBar.menu')}
        aria-expanded={menuExpanded}
        aria-controls={menuId}
        onClick={onToggleMenu}
      >
        <MenuIcon />
      </button>
      <div className={styles.logo}>
        <Logo />
      </div>
      {backLink && (
        <Link to={backLink} className={styles.backLink}>
          <BackIcon size={20} />
          <span className={styles.backLabel}>{t('app.topBar.backToList')}</span>
        </Link>
      )}
      <div className={styles.topActions}>
        <LanguageSwitcher className={styles.topLanguages} compact />
        <Link
          to="/wishes"
          className={`${styles.iconButton} ${unreadBadgeWrapClass}`}
          aria-label={wishesLabel}
          title={wishesLabel}
        >
          <WishesIcon />
          <UnreadBadge unread={unreadWishes} />
        </Link>
        <button
          type="button"
          className={styles.logoutButton}
          onClick={logOut}
          aria-disabled={loggingOut || undefined}
          aria-label={t('app.topBar.logout')}
        >
          <LogoutIcon size={20} />
          <span className={styles.logoutLabel}>{t('app.topBar.logout')}</span>
        </button>
      </div>
    </header>
  );
}
