import { formatNumber } from '@firstday/common/format';
import { THANK_YOU_NAME_PLACEHOLDER, THANK_YOU_NOTE_MAX_LENGTH } from '@firstday/common/schema-constants';
import { ThankYouRequestSchema, type ThankYouSendResult } from '@firstday/common/thank-yous';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ButtonSpinner } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { translateValidation } from '../lib/validation-messages.ts';
import formStyles from '../styles/form.module.css';
import styles from './thank-yous.module.css';

type ThankYouDialogProps = {
  title: string;
  /** Who gets it, in a sentence under the title. */
  description: string;
  initialMessage: string;
  /** The note to everyone explains `{name}`. */
  everyone: boolean;
  send: (message: string) => Promise<ThankYouSendResult>;
  onSent: (result: ThankYouSendResult) => void;
  onClose: () => void;
};

/**
 * Writes one note (to one participant, or to everyone not yet thanked). The send button guards
 * itself against a double click; the server records each note once anyway.
 */
export function ThankYouDialog({
  title,
  description,
  initialMessage,
  everyone,
  send,
  onSent,
  onClose,
}: ThankYouDialogProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [message, setMessage] = useState(initialMessage);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const sendingRef = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);

  async function submit(event: FormEvent, close: () => void) {
    event.preventDefault();
    if (sendingRef.current) return;
    const parsed = ThankYouRequestSchema.safeParse({ message });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      textareaRef.current?.focus();
      return;
    }
    sendingRef.current = true;
    setError(undefined);
    setProblem(null);
    setSending(true);
    try {
      const result = await send(parsed.data.message);
      onSent(result);
      close();
    } catch (cause) {
      if (cause instanceof ApiError && cause.fields.message) {
        setError(cause.fields.message);
        textareaRef.current?.focus();
      } else {
        setProblem(getErrorMessage(cause, t));
      }
      sendingRef.current = false;
      setSending(false);
    }
  }

  const remaining = THANK_YOU_NOTE_MAX_LENGTH - message.length;
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');

  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-description`} busy={sending} onClose={onClose}>
      {(close) => (
        <form
          noValidate
          className={dialogStyles.content}
          onSubmit={(event) => submit(event, close)}
          aria-busy={sending}
        >
          <h2 id={`${id}-title`} className={dialogStyles.title}>
            {title}
          </h2>
          <p id={`${id}-description`} className={dialogStyles.text}>
            {description}
          </p>
          <div className={formStyles.field}>
            <label htmlFor={`${id}-message`} className={formStyles.label}>
              {t('thank-yous.card.yourNote')}
            </label>
            <textarea
              ref={textareaRef}
              id={`${id}-message`}
              className={`${formStyles.input} ${formStyles.textarea} ${styles.noteInput}`}
              value={message}
              maxLength={THANK_YOU_NOTE_MAX_LENGTH}
              onChange={(event) => setMessage(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
            />
            <p id={`${id}-hint`} className={formStyles.hint}>
              {t(everyone ? 'thank-yous.dialog.hintEveryone' : 'thank-yous.dialog.hint', {
                name: THANK_YOU_NAME_PLACEHOLDER,
                remaining,
                remainingText: formatNumber(remaining, locale),
              })}
            </p>
            {error && (
              <p id={`${id}-error`} className={formStyles.errorText}>
                {translateValidation(error, t)}
              </p>
            )}
          </div>
          <ModalDialogFooter
            problem={problem}
            cancelLabel={t('app.cancel')}
            onCancel={close}
            busy={sending}
            confirmLabel={
              sending ? (
                <>
                  <ButtonSpinner /> {t('auth.login.sending')}
                </>
              ) : (
                t(everyone ? 'thank-yous.dialog.sendEveryone' : 'thank-yous.dialog.send')
              )
            }
          />
        </form>
      )}
    </ModalDialog>
  );
}
