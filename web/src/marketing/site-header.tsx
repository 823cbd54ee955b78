import { useEffect, useRef, useState } from 'react';
import { ButtonAnchor } from '../components/button.tsx';
import { Logo } from '../components/logo.tsx';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { messageId, useLocalizedPath, useT } from '../i18n/use-t.tsx';
import { island } from '../islands/island.tsx';
import { usePageLocation } from '../islands/page-location.ts';
import { AccountLink } from './account-link.tsx';
import styles from './site-header.module.css';

const SECTION_LINKS = [
  { hash: '#How_it_works', label: messageId('marketing.header.howItWorks') },
  { hash: '#Time_is_the_Best_Gift', label: messageId('marketing.header.timeIsTheBestGift') },
  { hash: '#What_you_will_get', label: messageId('marketing.header.whatYouWillGet') },
  { hash: '#Blog', label: messageId('marketing.header.blog') },
  { hash: '#Video', label: messageId('marketing.header.video') },
] as const;

const MENU_ID = 'site-menu';

/** Marketing header: anchors, FAQ link, 'Log in' or 'My calendars', 'Start The Calendar', burger menu at 1279 px and below. */
export const SiteHeader = island('SiteHeader', function SiteHeader() {
  const t = useT();
  const localized = useLocalizedPath();
  const { pathname } = usePageLocation();
  const home = localized('/');
  const isLanding = pathname === home;
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
        {t('marketing.header.skipToContent')}
      </a>
      <header className={styles.header}>
        <div className={`container ${styles.bar}`}>
          <Logo href={isLanding ? '#top' : home} />
          <button
            ref={burgerRef}
            type="button"
            className={styles.burger}
            aria-expanded={isOpen}
            aria-controls={MENU_ID}
            aria-label={t(isOpen ? 'marketing.header.closeMenu' : 'marketing.header.openMenu')}
            onClick={() => setIsOpen((open) => !open)}
          >
            <span className={styles.burgerLines} aria-hidden="true" />
          </button>
          <nav
            id={MENU_ID}
            className={`${styles.menu} ${isOpen ? styles.open : ''}`}
            aria-label={t('marketing.header.mainNav')}
          >
            <ul className={styles.links}>
              {SECTION_LINKS.map((link) => (
                <li key={link.hash}>
                  {/* Plain anchors: the browser scrolls to the section (or loads / and then scrolls). */}
                  <a href={isLanding ? link.hash : `${home}${link.hash}`} className={styles.link} onClick={closeMenu}>
                    {t(link.label)}
                  </a>
                </li>
              ))}
              <li>
                <a href={localized('/faq')} className={styles.link} onClick={closeMenu}>
                  {t('marketing.header.faq')}
                </a>
              </li>
              <li>
                <AccountLink look="plain" className={`${styles.link} ${styles.account}`} onClick={closeMenu} />
              </li>
            </ul>
            <ButtonAnchor href={localized('/join_us')} className={styles.cta} onClick={closeMenu}>
              {t('marketing.header.cta')}
            </ButtonAnchor>
            <LanguageSwitcher className={styles.languages} compact />
          </nav>
        </div>
      </header>
    </>
  );
});
