import { SupportRequestSchema } from '@firstday/common/calendars';
import { type FormEvent, useId, useRef, useState } from 'react';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import formStyles from '../styles/form.module.css';
import styles from './calendars.module.css';
import { sendSupportMessage } from './calendars-api.ts';
import { translateFieldMessage } from './field-messages.ts';

export function SupportDialog({ calendarId, onClose }: { calendarId?: string; onClose: () => void }) {
  const t = useT();
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
      setError(translateFieldMessage(result.error.issues[0]?.message, t));
      textareaRef.current?.focus();
      return;
    }
    setError(undefined);
    setProblem(null);
    setSending(true);
    try {
      await sendSupportMessage(result.data);
      showSuccessToast(t('calendars.support.sent'));
      close();
    } catch (cause) {
      setProblem(getErrorMessage(cause));
      setSending(false);
    }
  }

  return (
    <ModalDialog titleId={`${id}-title`} busy={sending} onClose={onClose}>
      {(close) => (
        <form noValidate className={dialogStyles.content} onSubmit={(event) => send(event, close)} aria-busy={sending}>
          <h2 id={`${id}-title`} className={styles.dialogTitle}>
            {t('calendars.support.title')}
          </h2>
          <p className={styles.dialogText}>{t('calendars.support.text')}</p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-message`} className={formStyles.label}>
              {t('calendars.support.message')}
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
              <p id={`${id}-error`} className={formStyles.errorText}>
                {error}
              </p>
            )}
          </div>
          <ModalDialogFooter
            problem={problem}
            cancelLabel={t('calendars.dialogs.cancel')}
            onCancel={close}
            busy={sending}
            confirmLabel={sending ? t('calendars.support.sending') : t('calendars.support.send')}
          />
        </form>
      )}
    </ModalDialog>
  );
}
