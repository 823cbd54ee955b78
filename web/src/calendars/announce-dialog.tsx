import { AnnounceRequestSchema, THANK_YOU_MAX_LENGTH } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TextField } from '../account/text-field.tsx';
import { Button } from '../components/button.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { formatLongDate } from '../lib/format-date.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import { ModalDialog } from './calendar-dialogs.tsx';
import styles from './calendars.module.css';
import { CALENDARS_QUERY_KEY } from './calendars-api.ts';
import closingStyles from './closing.module.css';
import { announceBirth } from './closing-api.ts';
import { checkBirthDate, getBirthDateLimits } from './closing-status.ts';
import { formatDollars } from './format-money.ts';

type FieldErrors = { birthDate?: string; thankYouMessage?: string };

/** The counter turns red this close to the limit, so nobody is surprised by a cut-off. */
const NEAR_LIMIT = 100;

/**
 * 'Announce the birth': the date and a thank-you, then a last confirmation, because announcing
 * closes the calendar, e-mails everyone and starts the payout for good.
 */
export function AnnounceDialog({ calendar, onClose }: { calendar: OwnerCalendar; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const limits = useMemo(() => getBirthDateLimits(calendar.createdAt), [calendar.createdAt]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [birthDate, setBirthDate] = useState('');
  const [thankYouMessage, setThankYouMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLTextAreaElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);
  const formFocusRef = useRef<'date' | 'thanks'>('date');

  // Each screen starts where the eye should: the first field (or the one to fix), or the question to answer.
  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
    else (formFocusRef.current === 'thanks' ? thanksRef : dateRef).current?.focus();
  }, [step]);

  function review(event: FormEvent) {
    event.preventDefault();
    const next: FieldErrors = { birthDate: checkBirthDate(birthDate, limits) };
    const parsed = AnnounceRequestSchema.safeParse({ birthDate, thankYouMessage });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FieldErrors;
        next[field] ??= issue.message;
      }
    }
    setErrors(next);
    if (next.birthDate) dateRef.current?.focus();
    else if (next.thankYouMessage) thanksRef.current?.focus();
    else {
      setProblem(null);
      setStep('confirm');
    }
  }

  async function announce(close: () => void) {
    if (sending) return;
    setSending(true);
    setProblem(null);
    try {
      await announceBirth(calendar.id, AnnounceRequestSchema.parse({ birthDate, thankYouMessage }));
      await queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      showSuccessToast('The birth is announced. Congratulations! Your participants are being e-mailed.');
      close();
    } catch (cause) {
      setSending(false);
      // Closed meanwhile (another tab or device): the card should show what happened.
      if (cause instanceof ApiError && cause.code === 'calendar_closed') {
        void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      }
      if (cause instanceof ApiError && (cause.fields.birthDate || cause.fields.thankYouMessage)) {
        setErrors({ birthDate: cause.fields.birthDate, thankYouMessage: cause.fields.thankYouMessage });
        formFocusRef.current = cause.fields.birthDate ? 'date' : 'thanks';
        setStep('form');
        return;
      }
      setProblem(getErrorMessage(cause));
    }
  }

  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;
  const remaining = THANK_YOU_MAX_LENGTH - thankYouMessage.length;
  const iban = calendar.iban ?? 'your bank account';

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(close) =>
        step === 'form' ? (
          <form noValidate className={styles.dialogForm} onSubmit={review}>
            <h2 id={`${id}-title`} className={styles.dialogTitle}>
              Announce the birth
            </h2>
            <div className={styles.dialogText}>
              <p>
                For <strong>{calendar.title}</strong>. When you announce the birth:
              </p>
              <ul className={closingStyles.consequences}>
                <li>
                  The gifts collected ({formatDollars(calendar.raisedCents)}) are transferred to your IBAN{' '}
                  <span className={closingStyles.iban}>{iban}</span>.
                </li>
                <li>The calendar closes to new guesses and gifts.</li>
                <li>All participants are e-mailed the happy news and your thanks.</li>
              </ul>
            </div>
            <TextField
              ref={dateRef}
              label="Birth date"
              type="date"
              required
              min={limits.min}
              max={limits.max}
              value={birthDate}
              onChange={(event) => setBirthDate(event.target.value)}
              error={errors.birthDate}
            />
            <div className={styles.field}>
              <label htmlFor={`${id}-thanks`} className={styles.label}>
                Thank You to Our Supporters
              </label>
              <textarea
                ref={thanksRef}
                id={`${id}-thanks`}
                className={styles.textarea}
                value={thankYouMessage}
                maxLength={THANK_YOU_MAX_LENGTH}
                required
                onChange={(event) => setThankYouMessage(event.target.value)}
                aria-invalid={errors.thankYouMessage ? true : undefined}
                aria-describedby={[errors.thankYouMessage ? `${id}-thanks-error` : '', `${id}-count`]
                  .filter(Boolean)
                  .join(' ')}
              />
              {errors.thankYouMessage && (
                <p id={`${id}-thanks-error`} className={styles.error}>
                  {errors.thankYouMessage}
                </p>
              )}
              <p
                id={`${id}-count`}
                className={closingStyles.counter}
                data-near-limit={remaining <= NEAR_LIMIT || undefined}
              >
                {thankYouMessage.length.toLocaleString('en-US')} / {THANK_YOU_MAX_LENGTH.toLocaleString('en-US')}{' '}
                characters
              </p>
            </div>
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Announce &amp; Receive Funds</Button>
            </div>
          </form>
        ) : (
          <div className={styles.dialogForm} aria-busy={sending}>
            <h2 id={`${id}-confirm`} ref={confirmRef} tabIndex={-1} className={closingStyles.confirmHeading}>
              Are you sure? This cannot be undone.
            </h2>
            <dl className={closingStyles.summary}>
              <div>
                <dt>Born on</dt>
                <dd>{formatLongDate(birthDate)}</dd>
              </div>
              <div>
                <dt>Funds go to</dt>
                <dd className={closingStyles.iban}>{iban}</dd>
              </div>
              <div>
                <dt>E-mailed</dt>
                <dd>
                  {calendar.participants} participant{calendar.participants === 1 ? '' : 's'}
                </dd>
              </div>
            </dl>
            <p className={styles.dialogText}>The calendar closes to new guesses and gifts right away.</p>
            {sending && (
              <p className={styles.dialogText} role="status">
                Announcing the birth…
              </p>
            )}
            {problem && (
              <p className={styles.dialogNote} role="alert">
                {problem}
              </p>
            )}
            <div className={styles.dialogActions}>
              <Button
                variant="secondary"
                onClick={() => {
                  formFocusRef.current = 'date';
                  setStep('form');
                }}
                disabled={sending}
              >
                Go back
              </Button>
              <Button onClick={() => announce(close)} aria-disabled={sending || undefined}>
                {sending ? 'Announcing…' : 'Yes, announce'}
              </Button>
            </div>
          </div>
        )
      }
    </ModalDialog>
  );
}
