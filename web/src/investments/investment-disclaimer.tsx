import styles from './investment-disclaimer.module.css';

/** Shown wherever articles are: they educate, they do not advise. */
export function InvestmentDisclaimer() {
  return (
    <aside className={styles.disclaimer} aria-label="Disclaimer">
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={styles.icon}>
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path d="M12 7.5v5.5" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
        <circle cx="12" cy="16.6" r="1.3" fill="#fff" />
      </svg>
      <p>
        <strong>Not financial advice.</strong> These articles are general information to help you think about saving for
        a child. They are not financial, tax or legal advice and do not recommend any product. Investments can lose
        value, and you may get back less than you put in. Past returns do not predict future ones. For advice about your
        situation, speak to a licensed, independent adviser.
      </p>
    </aside>
  );
}
