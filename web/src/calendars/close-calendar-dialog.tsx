import {
  type CloseCalendarRequest,
  CloseCalendarRequestSchema,
  THANK_YOU_MAX_LENGTH,
} from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatMoney, formatNumber } from '@firstday/common/format';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import formStyles from '../styles/form.module.css';
import styles from './calendars.module.css';
import closingStyles from './closing.module.css';
import { closeCalendar } from './closing-api.ts';
import { ClosingConfirmation, useClosingRequest } from './closing-confirmation.tsx';

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
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [gifts, setGifts] = useState<Gifts | null>(null);
  const [notifyParticipants, setNotifyParticipants] = useState(false);
  const [message, setMessage] = useState('');
  const [giftsError, setGiftsError] = useState<string | undefined>();
  const { sending, problem, setProblem, send } = useClosingRequest();
  const firstChoiceRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (step === 'form') firstChoiceRef.current?.focus();
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

  function close(closeDialog: () => void) {
    const parsed = buildRequest();
    if (!parsed.success) return;
    return send(() => closeCalendar(calendar.id, parsed.data), { success: 'The calendar is closed.', closeDialog });
  }

  const iban = calendar.iban ?? 'your bank account';
  const raised = formatMoney(calendar.raisedCents);
  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(closeDialog) =>
        step === 'form' ? (
          <form noValidate className={dialogStyles.content} onSubmit={review}>
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
                        'Each giver gets their gift back to the card they paid with, and a short e-mail saying so.'
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
              <div className={formStyles.field}>
                <label htmlFor={`${id}-message`} className={formStyles.label}>
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
                  {formatNumber(message.length)} / {formatNumber(THANK_YOU_MAX_LENGTH)} characters
                </p>
              </div>
            )}
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={closeDialog}>
                Cancel
              </Button>
              <Button type="submit">Continue</Button>
            </div>
          </form>
        ) : (
          <ClosingConfirmation
            titleId={`${id}-confirm`}
            sending={sending}
            problem={problem}
            sendingText="Closing the calendar…"
            confirmLabel="Yes, close the calendar"
            busyLabel="Closing…"
            onBack={() => setStep('form')}
            onConfirm={() => close(closeDialog)}
          >
            <div>
              <dt>The gifts</dt>
              <dd>{gifts === 'refund' ? `${raised} refunded to the givers` : `${raised} paid out to ${iban}`}</dd>
            </div>
            <div>
              <dt>Participants</dt>
              <dd>{notifyParticipants ? 'get a short, neutral notice' : 'are not e-mailed'}</dd>
            </div>
          </ClosingConfirmation>
        )
      }
    </ModalDialog>
  );
}
