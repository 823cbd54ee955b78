import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import { getErrorMessage, getFederatedErrorMessage } from '../lib/error-messages.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import formStyles from '../styles/form.module.css';
import styles from './auth-form.module.css';
import {
  type FederatedProvider,
  type FederatedReturn,
  FederatedSignInError,
  signInWithFederatedProvider,
} from './federated-sign-in.ts';
import { DEFAULT_SIGNED_IN_PATH, hasVerifiedSession, NEW_ACCOUNT_PATH } from './session.ts';

/** The targets default to the calendars, and to the wizard for an account the sign-in creates. */
type FederatedButtonProps = Partial<FederatedReturn> & {
  /**
   * Signing in again to confirm a sensitive change (accounts without a password, see the server's
   * `reauthentication_required`): no 'or' divider, and the button says so.
   */
  confirm?: boolean;
  /** After a popup sign-in; `newUser` when it created the account (the redirect fallback goes to the targets itself). */
  onSignedIn(newUser: boolean): void;
  onError(message: string | null): void;
};

/** 'or' + 'Continue with {provider}' when the server has a federated provider; nothing otherwise. */
export function FederatedButton({
  returnTo = DEFAULT_SIGNED_IN_PATH,
  newUserReturnTo = NEW_ACCOUNT_PATH,
  confirm = false,
  onSignedIn,
  onError,
}: FederatedButtonProps) {
  const t = useT();
  const [provider, setProvider] = useState<FederatedProvider | null>(null);
  const [busy, setBusy] = useState(false);
  // A second click starts a fresh attempt (the popup is reused); the older one's outcome is ignored.
  const attempt = useRef(0);

  useEffect(() => {
    let active = true;
    getPublicConfig()
      .then((config) => {
        if (active) setProvider(config.federatedProvider);
      })
      // Without the config the button stays hidden: e-mail sign-in still works.
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, []);

  if (!provider) return null;

  // Not async on purpose: the popup must open in the same task as the click.
  const startSignIn = () => {
    const current = ++attempt.current;
    onError(null);
    setBusy(true);
    signInWithFederatedProvider(provider.id, { returnTo, newUserReturnTo })
      .then(async (outcome) => {
        if (outcome === 'redirecting') return;
        if (!(await hasVerifiedSession())) throw new FederatedSignInError('invalid-auth-event');
        if (current === attempt.current) onSignedIn(outcome === 'signed-up');
      })
      .catch((error: unknown) => {
        if (current !== attempt.current) return;
        onError(
          error instanceof FederatedSignInError ? getFederatedErrorMessage(error.code, t) : getErrorMessage(error, t),
        );
      })
      .finally(() => {
        if (current === attempt.current) setBusy(false);
      });
  };

  return (
    <>
      {!confirm && <p className={formStyles.divider}>{t('auth.federated.or')}</p>}
      <Button variant="secondary" size="lg" className={styles.federated} onClick={startSignIn}>
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
          <circle cx="10" cy="10" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <circle cx="10" cy="8" r="2.6" fill="currentColor" />
          <path d="M5 15.2c1.1-2 2.9-3 5-3s3.9 1 5 3" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
        {t(busy ? 'auth.federated.waiting' : confirm ? 'auth.federated.signInAgain' : 'auth.federated.continue', {
          provider: provider.name,
        })}
      </Button>
    </>
  );
}
