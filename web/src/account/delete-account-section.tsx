import type { AccountDeletionBlocker } from '@firstday/common/account';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatMoney } from '@firstday/common/format';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FederatedButton } from '../auth/federated-button.tsx';
import type { LoginLocationState } from '../auth/session.ts';
import { SupportDialog } from '../calendars/calendar-dialogs.tsx';
import { getCalendar, getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { CloseCalendarDialog } from '../calendars/close-calendar-dialog.tsx';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { ProgressNote } from '../components/progress-note.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import { ACCOUNT_DELETION_QUERY_KEY, deleteAccount, getAccountDeletionCheck } from './account-api.ts';
import styles from './delete-account.module.css';
import { describeHeldGifts, describeProgress, isDeletionSettling } from './deletion-blockers.ts';
import settingsStyles from './settings-page.module.css';
import { TextField } from './text-field.tsx';
import { useCurrentUser } from './use-current-user.ts';

const CONFIRM_WORD = 'DELETE';
/** While refunds, a payout or a payment are on their way, the dialog follows them without a reload. */
const SETTLING_POLL_MS = 3000;

/** A dialog opened from the deletion dialog, on top of it; focus goes back to its opener. */
type SubDialog =
  | { kind: 'close'; calendar: OwnerCalendar; opener: HTMLElement | null }
  | { kind: 'support'; calendarId: string; opener: HTMLElement | null };

export function DeleteAccountSection() {
  const id = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [subDialog, setSubDialog] = useState<SubDialog | null>(null);
  const openButtonId = `${id}-open`;

  function closeSubDialog() {
    subDialog?.opener?.focus();
    setSubDialog(null);
    // A close (or a support request) changes what stands in the way: ask again.
    void queryClient.invalidateQueries({ queryKey: ACCOUNT_DELETION_QUERY_KEY });
  }

  return (
    <section className={`${settingsStyles.card} ${settingsStyles.danger}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={settingsStyles.cardTitle}>
        Danger zone
      </h2>
      <p className={settingsStyles.cardText}>
        Deleting your account removes your profile, calendars, bank details and settings for good. Calendars that still
        hold gifts are closed and settled first. This cannot be undone.
      </p>
      <Button id={openButtonId} className={settingsStyles.dangerButton} onClick={() => setOpen(true)}>
        Delete account
      </Button>
      {open && (
        <DeleteAccountDialog
          onOpenSubDialog={setSubDialog}
          onClose={() => {
            setOpen(false);
            // Focus goes back to where it came from, for keyboard and screen-reader users.
            document.getElementById(openButtonId)?.focus();
          }}
        />
      )}
      {subDialog?.kind === 'close' && <CloseCalendarDialog calendar={subDialog.calendar} onClose={closeSubDialog} />}
      {subDialog?.kind === 'support' && <SupportDialog calendarId={subDialog.calendarId} onClose={closeSubDialog} />}
    </section>
  );
}

type DeleteAccountDialogProps = { onClose: () => void; onOpenSubDialog: (dialog: SubDialog) => void };

/**
 * First asks the server what stands in the way (calendars whose money is not settled) and offers
 * the way through each; only then the confirmation: the password, or for an account without one
 * the typed word and, when the last sign-in is not recent, signing in again.
 */
function DeleteAccountDialog({ onClose, onOpenSubDialog }: DeleteAccountDialogProps) {
  const id = useId();
  const check = useQuery({
    queryKey: ACCOUNT_DELETION_QUERY_KEY,
    queryFn: getAccountDeletionCheck,
    staleTime: 0,
    refetchInterval: (query) => (isDeletionSettling(query.state.data) ? SETTLING_POLL_MS : false),
  });
  const { data: user } = useCurrentUser();
  const [deleting, setDeleting] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const blocked = (check.data?.blockers.length ?? 0) > 0;

  // When the answer says what to do first, reading starts at the top of the dialog again.
  useEffect(() => {
    if (blocked || check.isError) titleRef.current?.focus();
  }, [blocked, check.isError]);
  // A blocker that clears (a calendar closed, money settled) takes its focused button with it.
  useEffect(() => {
    if (check.data && document.activeElement === document.body) titleRef.current?.focus();
  }, [check.data]);

  const leadId = `${id}-lead`;
  return (
    <ModalDialog titleId={`${id}-title`} describedBy={leadId} busy={deleting} onClose={onClose}>
      {(close) => (
        <div className={dialogStyles.content}>
          <h2 id={`${id}-title`} ref={titleRef} tabIndex={-1} className={`${settingsStyles.cardTitle} ${styles.title}`}>
            Delete your account?
          </h2>
          {check.isPending || !user ? (
            <>
              <div id={leadId} role="status">
                <ProgressNote>Checking your calendars…</ProgressNote>
              </div>
              <div className={dialogStyles.actions}>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
              </div>
            </>
          ) : check.isError ? (
            <>
              <div id={leadId} className={styles.problem} role="alert">
                <p>{getErrorMessage(check.error)}</p>
              </div>
              <div className={dialogStyles.actions}>
                <Button variant="secondary" onClick={close}>
                  Cancel
                </Button>
                <Button onClick={() => check.refetch()} disabled={check.isFetching}>
                  Try again
                </Button>
              </div>
            </>
          ) : blocked ? (
            <Blockers
              leadId={leadId}
              blockers={check.data.blockers}
              onOpenSubDialog={onOpenSubDialog}
              onCancel={close}
            />
          ) : (
            <ConfirmDeletion
              leadId={leadId}
              hasPassword={user.has_password}
              deleting={deleting}
              setDeleting={setDeleting}
              onBlocked={() => check.refetch()}
              onCancel={close}
            />
          )}
        </div>
      )}
    </ModalDialog>
  );
}

type BlockersProps = {
  leadId: string;
  blockers: AccountDeletionBlocker[];
  onOpenSubDialog: (dialog: SubDialog) => void;
  onCancel: () => void;
};

function Blockers({ leadId, blockers, onOpenSubDialog, onCancel }: BlockersProps) {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const mustClose = blockers.some((blocker) => blocker.reason === 'close_first');

  async function openCloseDialog(blocker: AccountDeletionBlocker, opener: HTMLElement) {
    if (opening) return;
    setOpening(blocker.calendarId);
    setProblem(null);
    try {
      const calendar = await queryClient.fetchQuery({
        queryKey: getCalendarQueryKey(blocker.calendarId),
        queryFn: ({ signal }) => getCalendar(blocker.calendarId, { signal }),
        staleTime: 0,
      });
      onOpenSubDialog({ kind: 'close', calendar, opener });
    } catch (cause) {
      setProblem(getErrorMessage(cause));
    } finally {
      setOpening(null);
    }
  }

  function openSupport(blocker: AccountDeletionBlocker, opener: HTMLElement) {
    onOpenSubDialog({ kind: 'support', calendarId: blocker.calendarId, opener });
  }

  return (
    <>
      <p id={leadId} className={styles.lead}>
        {mustClose
          ? 'Your calendars still hold gifts from family and friends, so your account cannot be deleted yet.'
          : 'Money on your calendars is still on its way, so your account cannot be deleted yet.'}{' '}
        Once every gift is paid out or refunded, you can delete it here.
      </p>
      <ul className={styles.blockers} aria-label="Calendars to settle first">
        {blockers.map((blocker) => (
          <li key={blocker.calendarId} className={styles.blocker}>
            <h3 className={styles.blockerTitle}>{blocker.title}</h3>
            {blocker.reason === 'close_first' ? (
              <>
                <p className={styles.blockerText}>
                  {blocker.gifts.count > 0
                    ? `Open, with ${describeHeldGifts(blocker)}. `
                    : 'Open, with a gift on its way. '}
                  Close it quietly first: the gifts are paid out to your bank account, or refunded to every giver, who
                  gets a short e-mail about it.
                </p>
                <Button
                  aria-label={`Close quietly: ${blocker.title}`}
                  aria-disabled={opening === blocker.calendarId || undefined}
                  onClick={(event) => openCloseDialog(blocker, event.currentTarget)}
                >
                  {opening === blocker.calendarId ? 'Opening…' : 'Close quietly'}
                </Button>
              </>
            ) : blocker.reason === 'payout_failed' && blocker.payout ? (
              <>
                <p className={styles.blockerText}>
                  The payout of {formatMoney(blocker.payout.amountCents)} did not go through
                  {blocker.payout.failureReason ? ` (${blocker.payout.failureReason})` : ''}. The gifts are safe with
                  us: please write to support so we can send them to the right account.
                </p>
                <Button
                  variant="secondary"
                  aria-label={`Write to support: ${blocker.title}`}
                  onClick={(event) => openSupport(blocker, event.currentTarget)}
                >
                  Write to support
                </Button>
              </>
            ) : (
              <>
                <div className={styles.progress} role="status">
                  {describeProgress(blocker).map((line) => (
                    <ProgressNote key={line}>{line}</ProgressNote>
                  ))}
                </div>
                <p className={styles.blockerText}>
                  This updates by itself. If it takes longer than a few days, please{' '}
                  <button
                    type="button"
                    className={formStyles.linkButton}
                    onClick={(event) => openSupport(blocker, event.currentTarget)}
                  >
                    write to support
                  </button>
                  .
                </p>
              </>
            )}
          </li>
        ))}
      </ul>
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </>
  );
}

type ConfirmDeletionProps = {
  leadId: string;
  hasPassword: boolean;
  deleting: boolean;
  setDeleting: (deleting: boolean) => void;
  /** The server found money to settle after all (a gift came in meanwhile): show it. */
  onBlocked: () => void;
  onCancel: () => void;
};

function ConfirmDeletion({ leadId, hasPassword, deleting, setDeleting, onBlocked, onCancel }: ConfirmDeletionProps) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  function showFieldError(message: string) {
    setError(message);
    inputRef.current?.focus();
  }

  async function confirmDeletion() {
    if (deleting) return;
    if (hasPassword && value === '') return showFieldError('Please enter your password.');
    if (!hasPassword && value.trim() !== CONFIRM_WORD) {
      return showFieldError(`Please type ${CONFIRM_WORD} in capital letters.`);
    }
    setError(undefined);
    setProblem(null);
    setDeleting(true);
    try {
      await deleteAccount(hasPassword ? { password: value } : { confirm: CONFIRM_WORD });
      const notice = 'Your account is deleted. Thank you for having been with us.';
      navigate('/login', { replace: true, state: { notice } satisfies LoginLocationState });
    } catch (cause) {
      setDeleting(false);
      if (!(cause instanceof ApiError)) return setProblem(getErrorMessage(cause));
      if (cause.code === 'reauthentication_required') return setSignInAgain(true);
      if (cause.code === 'account_has_open_calendars') return onBlocked();
      if (cause.code === 'invalid_password') return showFieldError('This password is not correct.');
      const fieldError = cause.fields.password ?? cause.fields.confirm;
      if (fieldError) return showFieldError(fieldError);
      setProblem(getErrorMessage(cause));
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    void confirmDeletion();
  }

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-busy={deleting}>
      <div id={leadId} className={styles.text}>
        <p>
          <strong>What is removed:</strong> your sign-in and every open session, your name and e-mail address, your bank
          details, your savings goal and settings, and your calendars with their guesses, wishes and announcements.
        </p>
        <p>
          <strong>What we keep:</strong> records of payments (fees, gifts, refunds and payouts: amounts, dates, status,
          the last 4 digits of a card) for 7 years, as the law requires, without your name or e-mail address, and used
          for nothing else. Our payment provider keeps its own records of the payouts it made. Guesses and wishes you
          left on other parents’ calendars stay there.
        </p>
      </div>
      {hasPassword ? (
        <TextField
          key="password"
          ref={inputRef}
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
          ref={inputRef}
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
      {signInAgain && (
        <div className={styles.signInAgain} role="alert">
          <p>For your safety, please sign in again to confirm that you want to delete your account.</p>
          <FederatedButton
            confirm
            onSignedIn={() => {
              setSignInAgain(false);
              void confirmDeletion();
            }}
            onError={setProblem}
          />
        </div>
      )}
      {problem && (
        <p className={styles.problem} role="alert">
          {problem}
        </p>
      )}
      <div className={dialogStyles.actions}>
        <Button variant="secondary" onClick={onCancel} disabled={deleting}>
          Cancel
        </Button>
        <Button type="submit" className={settingsStyles.dangerButton} aria-disabled={deleting || undefined}>
          {deleting ? 'Deleting…' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}
