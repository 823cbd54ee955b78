import { type CloseCalendarRequest, CloseCalendarRequestSchema } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatMoney, formatNumber } from '@firstday/common/format';
import { THANK_YOU_MAX_LENGTH } from '@firstday/common/schema-constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import styles from '../calendars/calendars.module.css';
import { translateFieldMessage } from '../calendars/field-messages.ts';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog, ModalDialogFooter } from '../components/modal-dialog.tsx';
import { messageId, T, useLocale, useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import closingStyles from './closing.module.css';
import { closeCalendar } from './closing-api.ts';
import { ClosingConfirmation, useClosingRequest } from './closing-confirmation.tsx';

type Gifts = CloseCalendarRequest['gifts'];

const GIFT_CHOICES = [
  { value: 'pay_out', label: messageId('calendars.close.payOut') },
  { value: 'refund', label: messageId('calendars.close.refund') },
] as const satisfies readonly { value: Gifts; label: string }[];

/**
 * 'Close without celebration', for a loss or a change of plans: no happy e-mail, no closest guesses,
 * the gifts paid out or given back, and at most a short neutral notice.
 */
export function CloseCalendarDialog({ calendar, onClose }: { calendar: OwnerCalendar; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
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
      setGiftsError(translateFieldMessage(parsed.error.issues.find((issue) => issue.path[0] === 'gifts')?.message, t));
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
    return send(() => closeCalendar(calendar.id, parsed.data), {
      success: t('calendars.close.success'),
      closeDialog,
    });
  }

  const iban = calendar.bankAccount ?? t('calendars.announce.yourBankAccount');
  const raised = formatMoney(calendar.raisedAmount, { currency: calendar.currency, locale });
  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(closeDialog) =>
        step === 'form' ? (
          <form noValidate className={dialogStyles.content} onSubmit={review}>
            <h2 id={`${id}-title`} className={styles.dialogTitle}>
              {t('calendars.card.closeWithoutCelebration')}
            </h2>
            <p className={styles.dialogText}>
              <T
                id="calendars.close.intro"
                values={{ title: calendar.title }}
                components={{ 0: <strong>{calendar.title}</strong> }}
              />
            </p>
            <fieldset
              className={closingStyles.choices}
              aria-describedby={giftsError ? `${id}-gifts-error` : undefined}
              aria-invalid={giftsError ? true : undefined}
            >
              <legend className={closingStyles.choicesLegend}>
                {t('calendars.close.giftsLegend', { amount: raised })}
              </legend>
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
                    <span>{t(choice.label)}</span>
                    <span className={closingStyles.choiceHint}>
                      {choice.value === 'pay_out' ? (
                        <T
                          id="calendars.close.payOutHint"
                          values={{ iban }}
                          components={{ 0: <span className={closingStyles.iban}>{iban}</span> }}
                        />
                      ) : (
                        t('calendars.close.refundHint')
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
              {t('calendars.close.notify')}
            </label>
            {notifyParticipants && (
              <div className={formStyles.field}>
                <label htmlFor={`${id}-message`} className={formStyles.label}>
                  {t('calendars.close.ownWords')}
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
                  {t('calendars.announce.count', {
                    count: formatNumber(message.length, locale),
                    max: formatNumber(THANK_YOU_MAX_LENGTH, locale),
                  })}
                </p>
              </div>
            )}
            <ModalDialogFooter
              cancelLabel={t('calendars.dialogs.cancel')}
              onCancel={closeDialog}
              busy={false}
              confirmLabel={t('calendars.dialogs.continue')}
            />
          </form>
        ) : (
          <ClosingConfirmation
            titleId={`${id}-confirm`}
            sending={sending}
            problem={problem}
            sendingText={t('calendars.close.sendingText')}
            confirmLabel={t('calendars.close.confirm')}
            busyLabel={t('calendars.close.busy')}
            onBack={() => setStep('form')}
            onConfirm={() => close(closeDialog)}
          >
            <div>
              <dt>{t('calendars.close.theGifts')}</dt>
              <dd>
                {gifts === 'refund'
                  ? t('calendars.close.refundedSummary', { amount: raised })
                  : t('calendars.close.paidOutSummary', { amount: raised, iban })}
              </dd>
            </div>
            <div>
              <dt>{t('calendars.card.participants')}</dt>
              <dd>
                {notifyParticipants
                  ? t('calendars.close.participantsNotified')
                  : t('calendars.close.participantsNotEmailed')}
              </dd>
            </div>
          </ClosingConfirmation>
        )
      }
    </ModalDialog>
  );
}
