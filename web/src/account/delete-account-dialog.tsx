import '../lib/zod-without-eval.ts';
import { type AccountDeletionBlocker, DeleteAccountRequestSchema } from '@firstday/common/account';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatMoney } from '@firstday/common/format';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { CloseCalendarDialog } from '../announcements/close-calendar-dialog.tsx';
import { FederatedButton } from '../auth/federated-button.tsx';
import { withLoginNotice } from '../auth/login-notices.ts';
import { SupportDialog } from '../calendars/calendar-dialogs.tsx';
import { getCalendar, getCalendarQueryKey } from '../calendars/calendars-api.ts';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { ProgressNote } from '../components/progress-note.tsx';
import { TextField } from '../components/text-field.tsx';
import { T, type Translate, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setServerFieldErrors } from '../lib/form-errors.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import { ACCOUNT_DELETION_QUERY_KEY, deleteAccount, getAccountDeletionCheck } from './account-api.ts';
import styles from './delete-account.module.css';
import { describeHeldGifts, describeProgress, isDeletionSettling } from './deletion-blockers.ts';
import settingsStyles from './settings-page.module.css';
import { useCurrentUser } from './use-current-user.ts';

/** While refunds, a payout or a payment are on their way, the dialog follows them without a reload. */
const SETTLING_POLL_MS = 3000;

/** A dialog opened from the deletion dialog, on top of it; focus goes back to its opener. */
export type SubDialog =
  | { kind: 'close'; calendar: OwnerCalendar; opener: HTMLElement | null }
  | { kind: 'support'; calendarId: string; opener: HTMLElement | null };

/** The dialog a blocker opened on top of the deletion dialog: closing a calendar, or writing to support. */
export function DeletionSubDialog({ dialog, onClose }: { dialog: SubDialog; onClose: () => void }) {
  return dialog.kind === 'close' ? (
    <CloseCalendarDialog calendar={dialog.calendar} onClose={onClose} />
  ) : (
    <SupportDialog calendarId={dialog.calendarId} onClose={onClose} />
  );
}

type DeleteAccountDialogProps = { onClose: () => void; onOpenSubDialog: (dialog: SubDialog) => void };

/**
 * First asks the server what stands in the way (calendars whose money is not settled) and offers
 * the way through each; only then the confirmation: the password, or for an account without one
 * the typed word and, when the last sign-in is not recent, signing in again.
 */
export function DeleteAccountDialog({ onClose, onOpenSubDialog }: DeleteAccountDialogProps) {
  const t = useT();
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
            {t('account.deletion.dialogTitle')}
          </h2>
          {check.isPending || !user ? (
            <>
              <div id={leadId} role="status">
                <ProgressNote>{t('account.deletion.checking')}</ProgressNote>
              </div>
              <div className={dialogStyles.actions}>
                <Button variant="secondary" onClick={close}>
                  {t('app.cancel')}
                </Button>
              </div>
            </>
          ) : check.isError ? (
            <>
              <div id={leadId} className={styles.problem} role="alert">
                <p>{getErrorMessage(check.error, t)}</p>
              </div>
              <div className={dialogStyles.actions}>
                <Button variant="secondary" onClick={close}>
                  {t('app.cancel')}
                </Button>
                <Button onClick={() => check.refetch()} disabled={check.isFetching}>
                  {t('app.tryAgain')}
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
  const t = useT();
  const locale = useLocale();
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
      setProblem(getErrorMessage(cause, t));
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
        {t(mustClose ? 'account.deletion.leadMustClose' : 'account.deletion.leadSettling')}
      </p>
      <ul className={styles.blockers} aria-label={t('account.deletion.blockersLabel')}>
        {blockers.map((blocker) => (
          <li key={blocker.calendarId} className={styles.blocker}>
            <h3 className={styles.blockerTitle}>{blocker.title}</h3>
            {blocker.reason === 'close_first' ? (
              <>
                <p className={styles.blockerText}>
                  {blocker.gifts.count > 0
                    ? t('account.deletion.openWithGifts', { gifts: describeHeldGifts(blocker, t, locale) })
                    : t('account.deletion.openWithGiftOnItsWay')}
                </p>
                <Button
                  aria-label={t('account.deletion.closeQuietlyLabel', { title: blocker.title })}
                  aria-disabled={opening === blocker.calendarId || undefined}
                  onClick={(event) => openCloseDialog(blocker, event.currentTarget)}
                >
                  {t(opening === blocker.calendarId ? 'account.deletion.opening' : 'account.deletion.closeQuietly')}
                </Button>
              </>
            ) : blocker.reason === 'payout_failed' && blocker.payout ? (
              <>
                <p className={styles.blockerText}>
                  {t(
                    blocker.payout.failureReason
                      ? 'account.deletion.payoutFailedWithReason'
                      : 'account.deletion.payoutFailed',
                    {
                      amount: formatMoney(blocker.payout.amount, { locale, currency: blocker.payout.currency }),
                      reason: blocker.payout.failureReason,
                    },
                  )}
                </p>
                <Button
                  variant="secondary"
                  aria-label={t('account.deletion.writeToSupportLabel', { title: blocker.title })}
                  onClick={(event) => openSupport(blocker, event.currentTarget)}
                >
                  {t('account.deletion.writeToSupport')}
                </Button>
              </>
            ) : (
              <>
                <div className={styles.progress} role="status">
                  {describeProgress(blocker, t, locale).map((line) => (
                    <ProgressNote key={line}>{line}</ProgressNote>
                  ))}
                </div>
                <p className={styles.blockerText}>
                  <T
                    id="account.deletion.updatesByItself"
                    components={{
                      0: (
                        <button
                          type="button"
                          className={formStyles.linkButton}
                          onClick={(event) => openSupport(blocker, event.currentTarget)}
                        />
                      ),
                    }}
                  />
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
          {t('app.cancel')}
        </Button>
      </div>
    </>
  );
}

type ConfirmDeletionProps = {
  leadId: string;
  hasPassword: boolean;
  setDeleting: (deleting: boolean) => void;
  /** The server found money to settle after all (a gift came in meanwhile): show it. */
  onBlocked: () => void;
  onCancel: () => void;
};

/** The word comes from the request schema, so the form and the server ask for the same one. */
const CONFIRM_WORD = DeleteAccountRequestSchema.shape.confirm.unwrap().value;

/** Only the field shown is checked: the password, or the typed word. */
function getDeletionFormSchema(hasPassword: boolean, t: Translate) {
  const typedWord = z
    .string()
    .refine((typed) => typed.trim() === CONFIRM_WORD, t('account.deletion.typeWord', { word: CONFIRM_WORD }));
  return z.object({
    password: hasPassword ? z.string().min(1, t('account.deletion.passwordMissing')) : z.string(),
    confirm: hasPassword ? z.string() : typedWord,
  });
}

function ConfirmDeletion({ leadId, hasPassword, setDeleting, onBlocked, onCancel }: ConfirmDeletionProps) {
  const t = useT();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const [signInAgain, setSignInAgain] = useState(false);
  const field = hasPassword ? 'password' : 'confirm';
  const schema = useMemo(() => getDeletionFormSchema(hasPassword, t), [hasPassword, t]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting: deleting },
  } = useFormCheckedOnSend({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  });

  // The dialog stays open while the deletion is on its way.
  useEffect(() => setDeleting(deleting), [deleting, setDeleting]);

  const confirmDeletion = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await deleteAccount(hasPassword ? { password: values.password } : { confirm: CONFIRM_WORD });
      // Busy until the login page is there.
      await navigate(withLoginNotice('account-deleted'), { replace: true });
    } catch (cause) {
      if (!(cause instanceof ApiError)) return setProblem(getErrorMessage(cause, t));
      if (cause.code === 'reauthentication_required') return setSignInAgain(true);
      if (cause.code === 'account_has_open_calendars') return onBlocked();
      if (cause.code === 'invalid_password') {
        return setError(field, { type: 'server', message: t('account.deletion.wrongPassword') }, { shouldFocus: true });
      }
      if (!setServerFieldErrors(cause, setError, [field])) setProblem(getErrorMessage(cause, t));
    }
  });

  function submit(event: FormEvent) {
    if (deleting) return event.preventDefault();
    void confirmDeletion(event);
  }

  return (
    <form noValidate onSubmit={submit} className={styles.form} aria-busy={deleting}>
      <div id={leadId} className={styles.text}>
        <p>
          <T id="account.deletion.whatIsRemoved" components={{ 0: <strong /> }} />
        </p>
        <p>
          <T id="account.deletion.whatWeKeep" components={{ 0: <strong /> }} />
        </p>
      </div>
      {hasPassword ? (
        <TextField
          key="password"
          label={t('account.confirmChange.password')}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          autoFocus
          {...register('password')}
        />
      ) : (
        <TextField
          key="typed"
          label={t('account.deletion.typeToConfirm', { word: CONFIRM_WORD })}
          hint={t('account.deletion.typeHint')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          error={errors.confirm?.message}
          autoFocus
          {...register('confirm')}
        />
      )}
      {signInAgain && (
        <div className={styles.signInAgain} role="alert">
          <p>{t('account.deletion.signInAgain')}</p>
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
      <ModalDialogFooter
        problem={problem}
        cancelLabel={t('app.cancel')}
        onCancel={onCancel}
        busy={deleting}
        confirmLabel={t(deleting ? 'account.deletion.deleting' : 'account.deletion.confirm')}
        danger
      />
    </form>
  );
}
