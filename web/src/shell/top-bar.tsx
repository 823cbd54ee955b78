import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { signOut } from '../auth/session.ts';
import { Logo } from '../components/logo.tsx';
import { UnreadBadge, unreadBadgeWrapClass } from '../contributions/unread-badge.tsx';
import { getWishesLinkLabel, useUnreadWishCount } from '../contributions/unread-wishes.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import styles from './app-shell.module.css';
import { showErrorToast } from './app-toast.ts';
import { getBackLink } from './menu-entries.ts';
import { BackIcon, LogoutIcon, MenuIcon, WishesIcon } from './shell-icons.tsx';

type TopBarProps = { menuId: string; menuExpanded: boolean; onToggleMenu: () => void };

export function TopBar({ menuId, menuExpanded, onToggleMenu }: TopBarProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);
  const backLink = getBackLink(pathname);
  const unreadWishes = useUnreadWishCount();

  async function logOut() {
    if (loggingOut) return;
    setLoggingOut(true);
    try {
      await signOut();
      // Replace: Back must not return to a signed-in page that would only bounce to /login.
      navigate('/login', { replace: true });
    } catch (error) {
      showErrorToast(`We couldn’t log you out. ${getErrorMessage(error)}`);
      setLoggingOut(false);
    }
  }

  return (
    <header className={styles.topBar}>
      <button
        type="button"
        className={styles.iconButton}
        aria-label="Menu"
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
          <span className={styles.backLabel}>Back to list</span>
        </Link>
      )}
      <div className={styles.topActions}>
        <Link
          to="/wishes"
          className={`${styles.iconButton} ${unreadBadgeWrapClass}`}
          aria-label={getWishesLinkLabel(unreadWishes)}
          title={getWishesLinkLabel(unreadWishes)}
        >
          <WishesIcon />
          <UnreadBadge unread={unreadWishes} />
        </Link>
        <button
          type="button"
          className={styles.logoutButton}
          onClick={logOut}
          aria-disabled={loggingOut || undefined}
          aria-label="Logout"
        >
          <LogoutIcon size={20} />
          <span className={styles.logoutLabel}>Logout</span>
        </button>
      </div>
    </header>
  );
}
