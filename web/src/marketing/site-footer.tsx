import { SITE } from '@firstday/common/site';
import { Link } from 'react-router';
import { Logo } from '../components/logo.tsx';
import styles from './site-footer.module.css';

/** Marketing footer: contacts, legal links, copyright 2025 and the not-gambling disclaimer. */
export function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Logo />
          <p className={styles.slogan}>{SITE.slogan}</p>
          <p>
            Questions? Write to us at <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
          </p>
        </div>
        <nav aria-label="Legal">
          <h2 className={styles.heading}>Legal</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms & Conditions</Link>
            </li>
            <li>
              <Link to="/faq">FAQ</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className={styles.heading}>Contact</h2>
          <address className={styles.list}>
            <a href={`mailto:${SITE.supportEmail}`} className={styles.contact}>
              <span className={styles.contactLabel}>E-mail</span>
              {SITE.supportEmail}
            </a>
            <a href={SITE.phoneHref} className={styles.contact}>
              <span className={styles.contactLabel}>Phone</span>
              {SITE.phone}
            </a>
            <a href={SITE.mapsUrl} className={styles.contact} target="_blank" rel="noopener noreferrer">
              <span className={styles.contactLabel}>Address</span>
              {SITE.address}
              <span className="visually-hidden"> (opens a map in a new tab)</span>
            </a>
          </address>
        </div>
      </div>
      <div className={`container ${styles.bottom}`}>
        <p className={styles.disclaimer}>
          {SITE.name} is not a betting, gambling or lottery service. Users do not win or lose money based on a chosen
          date, and there are no monetary rewards for taking part: guessing the birthday is just for fun, and gifts go
          to the parents.
        </p>
        <p className={styles.copyright}>
          © {SITE.copyrightYear} {SITE.name}
        </p>
      </div>
    </footer>
  );
}
