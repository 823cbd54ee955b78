import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import styles from '../calendars/calendars.module.css';
import { CALENDARS_QUERY_KEY } from '../calendars/calendars-api.ts';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialogFooter } from '../components/modal-dialog.tsx';
import { useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import closingStyles from './closing.module.css';

type SendOptions = {
  /** The toast once it is done. */
  success: string;
  closeDialog: () => void;
  /** Handles an error the dialog shows its own way (on a field); true when it did. */
  onError?: (cause: unknown) => boolean;
};

/**
 * The final request of the announce and close dialogs: sent once, then the calendar list is
 * refreshed, a toast confirms and the dialog closes; a failure is shown as the dialog's problem.
 */
export function useClosingRequest() {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function send(request: () => Promise<unknown>, { success, closeDialog, onError }: SendOptions) {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await request();
      await queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      showSuccessToast(success);
      closeDialog();
    } catch (cause) {
      setSending(false);
      // Closed meanwhile (another tab or device): the card should show what happened.
      if (cause instanceof ApiError && cause.code === 'calendar_closed') {
        void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      }
      if (onError?.(cause)) return;
      setProblem(getErrorMessage(cause));
    }
  }

  return { sending, problem, setProblem, send };
}

type ClosingConfirmationProps = {
  titleId: string;
  /** The summary's rows, each a <div> with a <dt> and a <dd>. */
  children: ReactNode;
  sending: boolean;
  problem: string | null;
  /** Announced while the request runs, e.g. 'Closing the calendar…'. */
  sendingText: string;
  confirmLabel: string;
  busyLabel: string;
  onBack: () => void;
  onConfirm: () => void;
};

/** The last step of announcing or closing: what will happen, then the point of no return. */
export function ClosingConfirmation({
  titleId,
  children,
  sending,
  problem,
  sendingText,
  confirmLabel,
  busyLabel,
  onBack,
  onConfirm,
}: ClosingConfirmationProps) {
  const t = useT();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The question to answer is where the eye and the screen reader start.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className={dialogStyles.content} aria-busy={sending}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={closingStyles.confirmHeading}>
        {t('calendars.closingConfirmation.title')}
      </h2>
      <dl className={closingStyles.summary}>{children}</dl>
      <p className={styles.dialogText}>{t('calendars.closingConfirmation.text')}</p>
      {sending && (
        <p className={styles.dialogText} role="status">
          {sendingText}
        </p>
      )}
      <ModalDialogFooter
        problem={problem}
        cancelLabel={t('calendars.closingConfirmation.goBack')}
        onCancel={onBack}
        busy={sending}
        confirmLabel={sending ? busyLabel : confirmLabel}
        onConfirm={onConfirm}
      />
    </div>
  );
}
