import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { T, useT } from '../i18n/use-t.tsx';
import { ApiError, postJson } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './auth-form.module.css';
import { readPendingSignUp } from './session.ts';

/** The specification re-checks verification this often while the panel shows. */
export const VERIFICATION_POLL_MS = 5000;

type Status = { kind: 'info' | 'problem'; message: string } | null;

/**
 * After sign-up: explains the e-mailed link and moves on by itself once the address is verified,
 * wherever the link was opened (this tab's sign-up becomes a session; see readPendingSignUp).
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
  const t = useT();
  const [status, setStatus] = useState<Status>(null);
  const [checking, setChecking] = useState(false);
  const [resending, setResending] = useState(false);
  const verifiedRef = useRef(false);
  // The poll keeps its 5-second rhythm even when the parent hands in a new callback.
  const onVerifiedRef = useRef(onVerified);
  onVerifiedRef.current = onVerified;

  const checkVerified = useCallback(async () => {
    if (verifiedRef.current) return true;
    const { verified } = await readPendingSignUp().catch(() => ({ verified: false }));
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
    if (!(await checkVerified())) setStatus({ kind: 'problem', message: t('auth.confirmEmail.notVerified') });
    setChecking(false);
  };

  const resendMail = async () => {
    if (resending) return;
    setResending(true);
    setStatus(null);
    try {
      await postJson('/api/auth/send-verification-email', { email, callbackURL: continueTo });
      setStatus({ kind: 'info', message: t('auth.confirmEmail.resent', { email }) });
    } catch (error) {
      const rateLimited = error instanceof ApiError && error.code === 'rate_limited';
      setStatus({
        kind: 'problem',
        message: rateLimited ? getErrorMessage(error, t) : t('auth.login.resendFailure'),
      });
    } finally {
      setResending(false);
    }
  };

  return (
    <div className={styles.panel}>
      <p>
        <T
          id="auth.confirmEmail.sent"
          values={{ email }}
          components={{ 0: <strong className={styles.address}>{email}</strong> }}
        />
      </p>
      <p>{t('auth.confirmEmail.existingAccount')}</p>
      <p className={styles.pulse}>{t('auth.confirmEmail.waiting')}</p>
      <div aria-live="polite">
        {status && <p className={status.kind === 'info' ? styles.notice : styles.problem}>{status.message}</p>}
      </div>
      <div className={styles.actions}>
        <Button size="lg" className={styles.submit} onClick={checkNow} aria-disabled={checking || undefined}>
          {t(checking ? 'auth.confirmEmail.checking' : 'auth.confirmEmail.confirmed')}
        </Button>
        <Button
          variant="secondary"
          size="lg"
          className={styles.submit}
          onClick={resendMail}
          aria-disabled={resending || undefined}
        >
          {t(resending ? 'auth.login.sending' : 'auth.confirmEmail.resend')}
        </Button>
      </div>
      <p className={styles.legal}>
        <T
          id="auth.confirmEmail.wrongAddress"
          components={{
            0: <button type="button" className={formStyles.linkButton} onClick={onChangeEmail} />,
          }}
        />
      </p>
    </div>
  );
}
