import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { useT } from '../i18n/use-t.tsx';
import styles from './app-shell.module.css';
import { getAriaCurrent, MENU_ENTRIES } from './menu-entries.ts';
import { MenuEntryIcon } from './shell-icons.tsx';

type SideMenuProps = {
  id: string;
  expanded: boolean;
  /** Called after a link is chosen: the mobile drawer closes then. */
  onNavigate: () => void;
};

/** Icons always; labels only when expanded (collapsed, they stay as the links' accessible names). */
export function SideMenu({ id, expanded, onNavigate }: SideMenuProps) {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <nav id={id} aria-label={t('app.menu.label')} className={styles.sideMenu} data-expanded={expanded}>
      <ul className={styles.menuList}>
        {MENU_ENTRIES.map((entry) => (
          <li key={entry.path}>
            <Link
              to={entry.path}
              className={styles.menuLink}
              // 'page' on the entry's own page, 'true' on a page of its section (e.g. calendar info).
              aria-current={getAriaCurrent(entry, pathname)}
              title={expanded ? undefined : t(entry.label)}
              onClick={onNavigate}
            >
              <span className={styles.menuIcon}>
                <MenuEntryIcon name={entry.icon} />
              </span>
              <span className={styles.menuLabel}>{t(entry.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
      {/* On phones the top bar has no room for the languages: the open menu has them. */}
      <LanguageSwitcher className={styles.menuLanguages} />
    </nav>
  );
}
