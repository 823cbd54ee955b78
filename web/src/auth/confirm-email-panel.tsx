import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './auth-form.module.css';
import { hasVerifiedSession } from './session.ts';

/** The specification re-checks verification this often while the panel shows. */
export const VERIFICATION_POLL_MS = 5000;

const NOT_VERIFIED = 'Email still not verified. Check your email.';
const RESEND_FAILURE = 'Failed to resend verification email. Please try again later.';

type Status = { kind: 'info' | 'problem'; message: string } | null;

/**
 * After sign-up: explains the e-mailed link and moves on by itself once the address is verified
 * (the link signs the browser in, even when opened in another tab).
 */
export function ConfirmEmailPanel({
  email,
  continueTo,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  /** Where a resent link leads, like the first one. */
  continueTo: string;
  onVerified(): void;
  onChangeEmail(): void;
}) {
  const [status, setStatus] = useState<Status>(null);
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);
  const verifiedRef = useRef(false);
  // The poll keeps its 5-second rhythm even when the parent hands in a new callback.
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  const checkVerified = useCallback(async () => {
    if (verifiedRef.current) return true;
    const verified = await hasVerifiedSession().catch(() => false);
    if (verified && !verifiedRef.current) {
      verifiedRef.current = true;
      onVerifiedRef.current();
    }
    return verified;
  }, []);

  useEffect(() => {
    let busy = false;
    const timer = setInterval(async () => {
      if (busy) return;
      busy = true;
      await checkVerified();
      busy = false;
    }, VERIFICATION_POLL_MS);
    return () => clearInterval(timer);
  }, [checkVerified]);

  const checkNow = async () => {
    if (checking) return;
    setChecking(true);
    setStatus(null);
    if (!(await checkVerified())) setStatus({ kind: 'problem', message: NOT_VERIFIED });
    setChecking(false);
  };

  const resendMail = async () => {
    if (resending) return;
    setResending(true);
    setStatus(null);
    try {
      await postJson('/api/auth/send-verification-email', { email, callbackURL: continueTo });
      setStatus({ kind: 'info', message: `Mail resended to ${email}` });
    } catch (error) {
      const rateLimited = error instanceof ApiError && error.code === 'rate_limited';
      setStatus({ kind: 'problem', message: rateLimited ? getErrorMessage(error) : RESEND_FAILURE });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className={styles.panel}>
      <p>
        We sent a confirmation link to <strong className={styles.address}>{email}</strong>. Open it to finish creating
        your account; this page moves on by itself once you have.
      </p>
      <p>
        If this address already has a Firstday account, we sent it sign-in help instead. Nothing there? Have a look in
        your spam folder.
      </p>
      <p className={styles.pulse}>Waiting for your confirmation…</p>
      <div aria-live="polite">
        {status && <p className={status.kind === 'info' ? styles.notice : styles.problem}>{status.message}</p>}
      </div>
      <div className={styles.actions}>
        <Button size="lg" className={styles.submit} onClick={checkNow} aria-disabled={checking || undefined}>
          {checking ? 'Checking…' : "I've confirmed my email"}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className={styles.submit}
          onClick={resendMail}
          aria-disabled={resending || undefined}
        >
          {resending ? 'Sending…' : 'Resend'}
        </Button>
      </div>
      <p className={styles.legal}>
        Wrong address?{' '}
        <button type="button" className={formStyles.linkButton} onClick={onChangeEmail}>
          Use another e-mail
        </button>
      </p>
    </div>
  );
}
