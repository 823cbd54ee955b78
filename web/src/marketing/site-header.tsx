import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { ButtonLink } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { AccountLink } from './account-link.tsx';
import styles from './site-header.module.css';

const SECTION_LINKS = [
  { hash: '#How_it_works', label: 'How it works' },
  { hash: '#Time_is_the_Best_Gift', label: 'Time is the Best Gift' },
  { hash: '#What_you_will_get', label: 'What you will get' },
  { hash: '#Blog', label: 'Blog' },
  { hash: '#Video', label: 'Video' },
] as const;

const MENU_ID = 'site-menu';

/** Marketing header: anchors, FAQ link, 'Log in' or 'My calendars', 'Start The Calendar', burger menu at 1149 px and below. */
export function SiteHeader() {
  const { pathname } = useLocation();
  const isLanding = pathname === '/';
  const [isOpen, setIsOpen] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      burgerRef.current?.focus();
    }
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [isOpen]);

  function closeMenu() {
    setIsOpen(false);
  }

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Logo href={isLanding ? '#top' : '/'} />
          <button
            ref={burgerRef}
            type="button"
            className={styles.burger}
            aria-expanded={isOpen}
            aria-controls={MENU_ID}
            aria-label={isOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setIsOpen((open) => !open)}
          >
            <span className={styles.burgerLines} aria-hidden="true" />
          </button>
          <nav id={MENU_ID} className={`${styles.menu} ${isOpen ? styles.open : ''}`} aria-label="Main">
            <ul className={styles.links}>
              {SECTION_LINKS.map((link) => (
                <li key={link.hash}>
                  {/* Plain anchors: the browser scrolls to the section (or loads / and then scrolls). */}
                  <a href={isLanding ? link.hash : `/${link.hash}`} className={styles.link} onClick={closeMenu}>
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <Link to="/faq" className={styles.link} onClick={closeMenu}>
                  FAQ
                </Link>
              </li>
              <li>
                <AccountLink look="plain" className={`${styles.link} ${styles.account}`} onClick={closeMenu} />
              </li>
            </ul>
            <ButtonLink to="/join_us" className={styles.cta} onClick={closeMenu}>
              Start The Calendar
            </ButtonLink>
          </nav>
        </div>
      </header>
    </>
  );
}
