import { maskBankAccount } from '@firstday/common/bank-account';
import { PAYOUT_HOLD_HOURS } from '@firstday/common/schema-constants';
import { type FormEvent, useId, useRef, useState } from 'react';
import { FederatedButton } from '../auth/federated-button.tsx';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { TextField } from '../components/text-field.tsx';
import { T, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import ownStyles from './confirm-change-dialog.module.css';
import styles from './settings-page.module.css';

type ConfirmChangeDialogProps = {
  /**
   * The new payout bank account as validated, as the one text kept (readBankAccountText): an IBAN,
   * 'US:<routing>:<account>' or 'GB:<sort code>:<account>'; shown masked.
   */
  newBankAccount?: string;
  /** A new e-mail address (Account Settings). */
  newEmail?: string;
  /** The calendar whose bank account changes; without it, the account's changes. */
  calendar?: { title: string; paid: boolean };
  /** False for accounts that sign in only through the federated provider: they sign in again instead. */
  hasPassword: boolean;
  /** Saves with the password; rejects with the API's error. */
  save(password: string | undefined): Promise<void>;
  /**
   * Closed: saved, cancelled, or failed with `failure`, an error about the form's own fields (or
   * any other the dialog cannot help with) for the form to show.
   */
  onClose(failure?: unknown): void;
};

/**
 * The bank-account-change dialog: says what changes and what follows (an e-mail at once, the payout hold
 * of a paid calendar), and confirms it with the password, or for accounts without one, a fresh
 * sign-in when the server asks for it (`reauthentication_required`).
 */
export function ConfirmChangeDialog({
  newBankAccount,
  newEmail,
  calendar,
  hasPassword,
  save,
  onClose,
}: ConfirmChangeDialogProps) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  /** Set (to the server's reason) when an account without a password must sign in again. */
  const [signInAgain, setSignInAgain] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const closeRef = useRef<() => void>(() => {});
  const failureRef = useRef<unknown>(undefined);

  async function confirm() {
    if (busy) return;
    if (hasPassword && password === '') {
      setError(t('account.confirmChange.passwordMissing'));
      passwordRef.current?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await save(hasPassword ? password : undefined);
      setBusy(false);
      closeRef.current();
    } catch (cause) {
      setBusy(false);
      if (cause instanceof ApiError && cause.code === 'reauthentication_required') {
        setSignInAgain(getErrorMessage(cause, t));
      } else if (cause instanceof ApiError && (cause.fields.password || cause.status === 429)) {
        setError(cause.fields.password ?? getErrorMessage(cause, t));
        passwordRef.current?.focus();
      } else {
        failureRef.current = cause;
        closeRef.current();
      }
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirm();
  }

  const maskedIban = newBankAccount ? maskBankAccount(newBankAccount) : undefined;
  const title = t(newBankAccount ? 'account.confirmChange.ibanTitle' : 'account.confirmChange.emailTitle');

  return (
    <ModalDialog
      titleId={`${id}-title`}
      describedBy={`${id}-text`}
      busy={busy}
      onClose={() => onClose(failureRef.current)}
    >
      {(close) => {
        closeRef.current = close;
        return (
          <form noValidate onSubmit={submit} className={dialogStyles.content}>
            <h2 id={`${id}-title`} className={styles.cardTitle}>
              {title}
            </h2>
            <div id={`${id}-text`} className={styles.dialogText}>
              {maskedIban &&
                (calendar ? (
                  <p>
                    <T
                      id="account.confirmChange.calendarIban"
                      values={{ title: calendar.title, iban: maskedIban }}
                      components={{ 0: <strong className={ownStyles.iban}>{maskedIban}</strong> }}
                    />
                  </p>
                ) : (
                  <p>
                    <T
                      id="account.confirmChange.accountIban"
                      values={{ iban: maskedIban }}
                      components={{ 0: <strong className={ownStyles.iban}>{maskedIban}</strong> }}
                    />
                  </p>
                ))}
              {newEmail && (
                <p>
                  <T
                    id="account.confirmChange.newEmail"
                    values={{ email: newEmail }}
                    components={{ 0: <strong>{newEmail}</strong> }}
                  />
                </p>
              )}
              {maskedIban && <p>{t('account.confirmChange.emailedRightAway')}</p>}
              {calendar?.paid && maskedIban && (
                <p>{t('account.confirmChange.payoutHold', { hours: PAYOUT_HOLD_HOURS })}</p>
              )}
              {!hasPassword && !signInAgain && <p>{t('account.confirmChange.signInAgainNote')}</p>}
            </div>
            {hasPassword ? (
              <TextField
                ref={passwordRef}
                label={t('account.confirmChange.password')}
                type="password"
                autoComplete="current-password"
                hint={t('account.confirmChange.passwordHint')}
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={error}
                autoFocus
              />
            ) : (
              signInAgain && (
                <div className={styles.dialogText}>
                  <p role="alert">{signInAgain}</p>
                  <FederatedButton
                    confirm
                    onSignedIn={() => {
                      setSignInAgain(null);
                      void confirm();
                    }}
                    onError={(message) => setError(message ?? undefined)}
                  />
                  {error && (
                    <p className={styles.problem} role="alert">
                      {error}
                    </p>
                  )}
                </div>
              )
            )}
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={close} disabled={busy}>
                {t('app.cancel')}
              </Button>
              {!signInAgain && (
                <Button type="submit" aria-disabled={busy || undefined}>
                  {t(busy ? 'auth.reset.saving' : 'account.confirmChange.confirm')}
                </Button>
              )}
            </div>
          </form>
        );
      }}
    </ModalDialog>
  );
}
