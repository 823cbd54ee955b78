import { AnnounceRequestSchema, THANK_YOU_MAX_LENGTH } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TextField } from '../account/text-field.tsx';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { ApiError } from '../lib/api.ts';
import { formatLongDate } from '../lib/format-date.ts';
import formStyles from '../styles/form.module.css';
import styles from './calendars.module.css';
import closingStyles from './closing.module.css';
import { announceBirth } from './closing-api.ts';
import { ClosingConfirmation, useClosingRequest } from './closing-confirmation.tsx';
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
  const limits = useMemo(() => getBirthDateLimits(calendar.createdAt), [calendar.createdAt]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [birthDate, setBirthDate] = useState('');
  const [thankYouMessage, setThankYouMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const { sending, problem, setProblem, send } = useClosingRequest();
  const dateRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLTextAreaElement>(null);
  const formFocusRef = useRef<'date' | 'thanks'>('date');

  // The form starts at the first field, or at the one to fix.
  useEffect(() => {
    if (step === 'form') (formFocusRef.current === 'thanks' ? thanksRef : dateRef).current?.focus();
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

  function announce(closeDialog: () => void) {
    return send(() => announceBirth(calendar.id, AnnounceRequestSchema.parse({ birthDate, thankYouMessage })), {
      success: 'The birth is announced. Congratulations! Your participants are being e-mailed.',
      closeDialog,
      // A field the server refused is fixed in the form, where its message shows.
      onError: (cause) => {
        if (!(cause instanceof ApiError && (cause.fields.birthDate || cause.fields.thankYouMessage))) return false;
        setErrors({ birthDate: cause.fields.birthDate, thankYouMessage: cause.fields.thankYouMessage });
        formFocusRef.current = cause.fields.birthDate ? 'date' : 'thanks';
        setStep('form');
        return true;
      },
    });
  }

  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;
  const remaining = THANK_YOU_MAX_LENGTH - thankYouMessage.length;
  const iban = calendar.iban ?? 'your bank account';

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(close) =>
        step === 'form' ? (
          <form noValidate className={dialogStyles.content} onSubmit={review}>
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
            <div className={formStyles.field}>
              <label htmlFor={`${id}-thanks`} className={formStyles.label}>
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
                <p id={`${id}-thanks-error`} className={formStyles.errorText}>
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
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit">Announce &amp; Receive Funds</Button>
            </div>
          </form>
        ) : (
          <ClosingConfirmation
            titleId={`${id}-confirm`}
            sending={sending}
            problem={problem}
            sendingText="Announcing the birth…"
            confirmLabel="Yes, announce"
            busyLabel="Announcing…"
            onBack={() => {
              formFocusRef.current = 'date';
              setStep('form');
            }}
            onConfirm={() => announce(close)}
          >
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
          </ClosingConfirmation>
        )
      }
    </ModalDialog>
  );
}
