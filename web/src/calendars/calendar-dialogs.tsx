import { SupportRequestSchema } from '@firstday/common/calendars';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import styles from './calendars.module.css';
import { sendSupportMessage } from './calendars-api.ts';

type ModalDialogProps = {
  titleId: string;
  busy?: boolean;
  onClose: () => void;
  children: (close: () => void) => ReactNode;
};

/** A native <dialog> opened with showModal(): the page behind is inert, Escape closes it. */
export function ModalDialog({ titleId, busy = false, onClose, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={onClose}
    >
      {children(() => dialogRef.current?.close())}
    </dialog>
  );
}

export function SupportDialog({ calendarId, onClose }: { calendarId?: string; onClose: () => void }) {
  const id = useId();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  async function send(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (sending) return;
    const result = SupportRequestSchema.safeParse({ calendarId, message });
    if (!result.success) {
      setError(result.error.issues[0]?.message);
      textareaRef.current?.focus();
      return;
    }
    setError(undefined);
    setProblem(null);
    setSending(true);
    try {
      await sendSupportMessage(result.data);
      showSuccessToast('Your message is on its way to our support team.');
      close();
    } catch (cause) {
      setProblem(getErrorMessage(cause));
      setSending(false);
    }
  }

  return (
    <ModalDialog titleId={`${id}-title`} busy={sending} onClose={onClose}>
      {(close) => (
        <form noValidate className={styles.dialogForm} onSubmit={(event) => send(event, close)} aria-busy={sending}>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            Write to support
          </h2>
          <p className={styles.dialogText}>
            We answer by e-mail, usually within one working day. You get a copy of your message.
          </p>
          <div className={styles.field}>
            <label htmlFor={`${id}-message`} className={styles.label}>
              Your message
            </label>
            <textarea
              ref={textareaRef}
              id={`${id}-message`}
              className={styles.textarea}
              value={message}
              maxLength={5000}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            {error && (
              <p id={`${id}-error`} className={styles.error}>
                {error}
              </p>
            )}
          </div>
          {problem && (
            <p className={styles.dialogNote} role="alert">
              {problem}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button type="submit" aria-disabled={sending || undefined}>
              {sending ? 'Sending…' : 'Send message'}
            </Button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
