import {
  type CloseCalendarRequest,
  CloseCalendarRequestSchema,
  THANK_YOU_MAX_LENGTH,
} from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import { ModalDialog } from './calendar-dialogs.tsx';
import styles from './calendars.module.css';
import { CALENDARS_QUERY_KEY } from './calendars-api.ts';
import closingStyles from './closing.module.css';
import { closeCalendar } from './closing-api.ts';
import { formatDollars } from './format-money.ts';

type Gifts = CloseCalendarRequest['gifts'];

const GIFT_CHOICES: readonly { value: Gifts; label: string }[] = [
  { value: 'pay_out', label: 'Pay the gifts out to me' },
  { value: 'refund', label: 'Refund every gift to the givers' },
];

/**
 * 'Close without celebration', for a loss or a change of plans: no happy e-mail, no closest guesses,
 * the gifts paid out or given back, and at most a short neutral notice.
 */
export function CloseCalendarDialog({ calendar, onClose }: { calendar: OwnerCalendar; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [gifts, setGifts] = useState<Gifts | null>(null);
  const [notifyParticipants, setNotifyParticipants] = useState(false);
  const [message, setMessage] = useState('');
  const [giftsError, setGiftsError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const firstChoiceRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step === 'confirm') confirmRef.current?.focus();
    else firstChoiceRef.current?.focus();
  }, [step]);

  function buildRequest() {
    return CloseCalendarRequestSchema.safeParse({
      gifts: gifts ?? undefined,
      notifyParticipants,
      message: notifyParticipants && message.trim() ? message : undefined,
    });
  }

  function review(event: FormEvent) {
    event.preventDefault();
    const parsed = buildRequest();
    if (!parsed.success) {
      setGiftsError(parsed.error.issues.find((issue) => issue.path[0] === 'gifts')?.message);
      firstChoiceRef.current?.focus();
      return;
    }
    setGiftsError(undefined);
    setProblem(null);
    setStep('confirm');
  }

  async function close(closeDialog: () => void) {
    const parsed = buildRequest();
    if (sending || !parsed.success) return;
    setSending(true);
    setProblem(null);
    try {
      await closeCalendar(calendar.id, parsed.data);
      await queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      showSuccessToast('The calendar is closed.');
      closeDialog();
    } catch (cause) {
      setSending(false);
      // Closed meanwhile (another tab or device): the card should show what happened.
      if (cause instanceof ApiError && cause.code === 'calendar_closed') {
        void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
      }
      setProblem(getErrorMessage(cause));
    }
  }

  const iban = calendar.iban ?? 'your bank account';
  const raised = formatDollars(calendar.raisedCents);
  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(closeDialog) =>
        step === 'form' ? (
          <form noValidate className={styles.dialogForm} onSubmit={review}>
            <h2 id={`${id}-title`} className={styles.dialogTitle}>
              Close without celebration
            </h2>
            <p className={styles.dialogText}>
              If plans have changed, or after a loss, you can close <strong>{calendar.title}</strong> quietly. Nobody
              gets a celebration e-mail and no guesses are compared. We are sorry if times are hard.
            </p>
            <fieldset
              className={closingStyles.choices}
              aria-describedby={giftsError ? `${id}-gifts-error` : undefined}
              aria-invalid={giftsError ? true : undefined}
            >
              <legend className={closingStyles.choicesLegend}>What should happen to the gifts ({raised})?</legend>
              {GIFT_CHOICES.map((choice, index) => (
                <label key={choice.value} className={closingStyles.choice}>
                  <input
                    ref={index === 0 ? firstChoiceRef : undefined}
                    type="radio"
                    name={`${id}-gifts`}
                    value={choice.value}
                    checked={gifts === choice.value}
                    onChange={() => setGifts(choice.value)}
                  />
                  <span className={closingStyles.choiceText}>
                    <span>{choice.label}</span>
                    <span className={closingStyles.choiceHint}>
                      {choice.value === 'pay_out' ? (
                        <>
                          Transferred to <span className={closingStyles.iban}>{iban}</span>.
                        </>
                      ) : (
                        'Each giver gets their gift back to the card they paid with.'
                      )}
                    </span>
                  </span>
                </label>
              ))}
              {giftsError && (
                <p id={`${id}-gifts-error`} className={closingStyles.choicesError}>
                  {giftsError}
                </p>
              )}
            </fieldset>
            <label className={closingStyles.check}>
              <input
                type="checkbox"
                checked={notifyParticipants}
                onChange={(event) => setNotifyParticipants(event.target.checked)}
              />
              Send participants a short, neutral notice
            </label>
            {notifyParticipants && (
              <div className={styles.field}>
                <label htmlFor={`${id}-message`} className={styles.label}>
                  A few words of your own (optional)
                </label>
                <textarea
                  id={`${id}-message`}
                  className={styles.textarea}
                  value={message}
                  maxLength={THANK_YOU_MAX_LENGTH}
                  onChange={(event) => setMessage(event.target.value)}
                  aria-describedby={`${id}-count`}
                />
                <p id={`${id}-count`} className={closingStyles.counter}>
                  {message.length.toLocaleString('en-US')} / {THANK_YOU_MAX_LENGTH.toLocaleString('en-US')} characters
                </p>
              </div>
            )}
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={closeDialog}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </div>
          </form>
        ) : (
          <div className={styles.dialogForm} aria-busy={sending}>
            <h2 id={`${id}-confirm`} ref={confirmRef} tabIndex={-1} className={closingStyles.confirmHeading}>
              Are you sure? This cannot be undone.
            </h2>
            <dl className={closingStyles.summary}>
              <div>
                <dt>The gifts</dt>
                <dd>{gifts === 'refund' ? `${raised} refunded to the givers` : `${raised} paid out to ${iban}`}</dd>
              </div>
              <div>
                <dt>Participants</dt>
                <dd>{notifyParticipants ? 'get a short, neutral notice' : 'are not e-mailed'}</dd>
              </div>
            </dl>
            <p className={styles.dialogText}>The calendar closes to new guesses and gifts right away.</p>
            {sending && (
              <p className={styles.dialogText} role="status">
                Closing the calendar…
              </p>
            )}
            {problem && (
              <p className={styles.dialogNote} role="alert">
                {problem}
              </p>
            )}
            <div className={styles.dialogActions}>
              <Button variant="secondary" onClick={() => setStep('form')} disabled={sending}>
                Go back
              </Button>
              <Button onClick={() => close(closeDialog)} aria-disabled={sending || undefined}>
                {sending ? 'Closing…' : 'Yes, close the calendar'}
              </Button>
            </div>
          </div>
        )
      }
    </ModalDialog>
  );
}
