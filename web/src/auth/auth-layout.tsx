import { type ReactNode, useEffect, useRef } from 'react';
import { Logo } from '../components/logo.tsx';
import { LanguageSwitcher } from '../i18n/language-switcher.tsx';
import { T, useT } from '../i18n/use-t.tsx';
import { replayEarlyTap } from '../lib/early-taps.ts';
import styles from './auth-layout.module.css';

type AuthLayoutProps = {
  title: string;
  /** The browser tab's title, in the page's language (React puts it in the head). */
  documentTitle: string;
  subtitle?: ReactNode;
  /** The link line under the card, e.g. "Don't have an account? Sign Up". */
  footer?: ReactNode;
  /** Changes when the screen moves to another step: the title then takes focus, so screen readers follow. */
  stepKey?: string;
  children: ReactNode;
};

/** The warm card every account screen shares: logo to /, title, subtitle, content, link line. */
export function AuthLayout({ title, documentTitle, subtitle, footer, stepKey, children }: AuthLayoutProps) {
  const t = useT();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(stepKey);

  useEffect(() => {
    if (stepKey !== firstStep.current) titleRef.current?.focus();
  }, [stepKey]);
  // The sign-in and sign-up pages start their scripts after the first paint (decision 035): a form
  // sent before that is sent now.
  useEffect(replayEarlyTap, []);

  return (
    <div className={styles.page}>
      <title>{documentTitle}</title>
      <aside className={styles.aside} aria-label={t('auth.layout.aboutLabel')}>
        <p className={styles.tagline}>
          <T id="auth.layout.tagline" components={{ 0: <em /> }} />
        </p>
        <ul className={styles.points}>
          <li>{t('auth.layout.pointCalendar')}</li>
          <li>{t('auth.layout.pointGuesses')}</li>
          <li>{t('auth.layout.pointGifts')}</li>
        </ul>
      </aside>
      <main id="main" className={styles.card}>
        <header className={styles.header}>
          <div className={styles.brandRow}>
            <Logo />
            <LanguageSwitcher compact />
          </div>
          <h1 ref={titleRef} tabIndex={-1} className={styles.title}>
            {title}
          </h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
        {footer && <p className={styles.footer}>{footer}</p>}
      </main>
    </div>
  );
}
