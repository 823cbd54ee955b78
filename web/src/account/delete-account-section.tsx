import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginLocationState } from '../auth/session.ts';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { deleteAccount } from './account-api.ts';
import styles from './settings-page.module.css';
import { TextField } from './text-field.tsx';

/** Accounts signed in only through the federated provider have no password to confirm with. */
type Confirmation = 'password' | 'typed';

const CONFIRM_WORD = 'DELETE';

export function DeleteAccountSection() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const openButtonId = `${id}-open`;

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Danger zone
      </h2>
      <p className={styles.cardText}>
        Deleting your account removes your profile, bank details and settings for good. This cannot be undone.
      </p>
      <Button id={openButtonId} className={styles.dangerButton} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && (
        <DeleteAccountDialog
          onClose={() => {
            setOpen(false);
            // Focus goes back to where it came from, for keyboard and screen-reader users.
            document.getElementById(openButtonId)?.focus();
          }}
        />
      )}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const id = useId();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState<Confirmation>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (deleting) return;
    if (confirmation === 'password' && value === '') return setError('Please enter your password.');
    if (confirmation === 'typed' && value.trim() !== CONFIRM_WORD) {
      return setError(`Please type ${CONFIRM_WORD} in capital letters.`);
    }
    setError(undefined);
    setDeleting(true);
    try {
      await deleteAccount(confirmation === 'password' ? { password: value } : { confirm: CONFIRM_WORD });
      const notice = 'Your account is deleted. Thank you for having been with us.';
      navigate('/login', { replace: true, state: { notice } satisfies LoginLocationState });
    } catch (cause) {
      setDeleting(false);
      if (cause instanceof ApiError && cause.code === 'password_not_set') {
        setConfirmation('typed');
        setValue('');
      } else if (cause instanceof ApiError && cause.status === 400) {
        setError(confirmation === 'password' ? 'This password is not correct.' : getErrorMessage(cause));
      } else {
        setError(getErrorMessage(cause));
      }
    }
  }

  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-text`} busy={deleting} onClose={onClose}>
      {(close) => (
        <form noValidate onSubmit={submit} className={dialogStyles.content}>
          <h2 id={`${id}-title`} className={styles.cardTitle}>
            Delete your account?
          </h2>
          <div id={`${id}-text`} className={styles.dialogText}>
            <p>
              <strong>What is removed:</strong> your sign-in and every open session, your name and e-mail address, your
              bank details, your savings goal and your settings.
            </p>
            <p>
              <strong>What we keep:</strong> records of payments, because the law requires us to keep them for 7 years.
              They are kept safely and used for nothing else.
            </p>
          </div>
          {confirmation === 'password' ? (
            <TextField
              key="password"
              label="Your password"
              type="password"
              autoComplete="current-password"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
              autoFocus
            />
          ) : (
            <TextField
              key="typed"
              label={`Type ${CONFIRM_WORD} to confirm`}
              hint="Your account has no password, so please confirm by typing the word."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={error}
              autoFocus
            />
          )}
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={close} disabled={deleting}>
              Cancel
            </Button>
            <Button type="submit" className={styles.dangerButton} aria-disabled={deleting || undefined}>
              {deleting ? 'Deleting…' : 'Delete my account'}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
