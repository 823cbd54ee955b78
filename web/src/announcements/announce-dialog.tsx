import { type AnnounceRequestInput, AnnounceRequestSchema } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney, formatNumber } from '@firstday/common/format';
import { BirthWeightSchema } from '@firstday/common/fun-guess-schemas';
import {
  BABY_NAME_MAX_LENGTH,
  formatTimeOfDay,
  formatWeightBoth,
  parseTimeInput,
  toGrams,
} from '@firstday/common/fun-guesses';
import { imageUrl } from '@firstday/common/images';
import { THANK_YOU_MAX_LENGTH } from '@firstday/common/schema-constants';
import { WELCOME_GIFT_DAYS } from '@firstday/common/welcome-gifts';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import styles from '../calendars/calendars.module.css';
import { translateFieldMessage, translateFieldMessages } from '../calendars/field-messages.ts';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { PhotoField } from '../components/photo-field.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { WeightField } from '../components/weight-field.tsx';
import {
  checkWeight,
  getUsualWeightUnit,
  getWeightValue,
  toWeightInput,
  type WeightValue,
} from '../components/weight-value.ts';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import formStyles from '../styles/form.module.css';
import closingStyles from './closing.module.css';
import { announceBirth } from './closing-api.ts';
import { ClosingConfirmation, useClosingRequest } from './closing-confirmation.tsx';
import { checkBirthDate, getBirthDateLimits } from './closing-status.ts';

type FieldErrors = {
  birthDate?: string;
  thankYouMessage?: string;
  babyName?: string;
  birthTimeMinutes?: string;
  birthWeight?: string;
  babyImageId?: string;
};
type Field = keyof FieldErrors;
/** The form's fields in their order: focus goes to the first one to fix. */
const FIELD_ORDER: Field[] = [
  'birthDate',
  'babyName',
  'birthTimeMinutes',
  'birthWeight',
  'babyImageId',
  'thankYouMessage',
];

/** The server's field messages by the form's fields ('birthWeight.ounces' belongs to the weight). */
function toFieldErrors(fields: Readonly<Record<string, string>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, message] of Object.entries(fields)) {
    const field = FIELD_ORDER.find((candidate) => name === candidate || name.startsWith(`${candidate}.`));
    if (field) errors[field] ??= message;
  }
  return errors;
}

/** The counter turns red this close to the limit, so nobody is surprised by a cut-off. */
const NEAR_LIMIT = 100;

/**
 * 'Announce the birth': the date and a thank-you, then a last confirmation, because announcing
 * closes the calendar, e-mails everyone and starts the payout for good.
 */
export function AnnounceDialog({ calendar, onClose }: { calendar: OwnerCalendar; onClose: () => void }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const limits = useMemo(() => getBirthDateLimits(calendar.createdAt), [calendar.createdAt]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [birthDate, setBirthDate] = useState('');
  const [thankYouMessage, setThankYouMessage] = useState('');
  const [babyName, setBabyName] = useState('');
  const [birthTime, setBirthTime] = useState('');
  // A US family weighs its baby in pounds: the field starts in the calendar's usual unit.
  const [birthWeight, setBirthWeight] = useState<WeightValue>(() =>
    getWeightValue(null, getUsualWeightUnit(calendar.currency)),
  );
  const [babyImageId, setBabyImageId] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  // Welcome gifts after the birth (decision 026): off unless the parents turn them on.
  const [welcomeGifts, setWelcomeGifts] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { sending, problem, setProblem, send } = useClosingRequest();
  const dateRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formFocusRef = useRef<Field>('birthDate');

  // The form starts at the first field, or at the one to fix.
  useEffect(() => {
    if (step !== 'form') return;
    if (formFocusRef.current === 'birthDate') dateRef.current?.focus();
    else if (formFocusRef.current === 'thankYouMessage') thanksRef.current?.focus();
    else formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [step]);

  const birthTimeMinutes = parseTimeInput(birthTime);
  const weightInput = toWeightInput(birthWeight);
  // The request as typed; the baby's details only when given.
  const request: AnnounceRequestInput = {
    birthDate,
    thankYouMessage,
    ...(babyName.trim() ? { babyName } : {}),
    ...(birthTimeMinutes !== null ? { birthTimeMinutes } : {}),
    ...(weightInput ? { birthWeight: weightInput } : {}),
    ...(babyImageId ? { babyImageId } : {}),
    ...(welcomeGifts ? { welcomeGifts: true } : {}),
  };

  function review(event: FormEvent) {
    event.preventDefault();
    // The photo's id only exists once its upload has finished.
    if (photoBusy) return;
    const next: FieldErrors = { birthDate: checkBirthDate(birthDate, limits, t) };
    const parsed = AnnounceRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_ORDER.find((candidate) => candidate === issue.path[0]);
        if (field) next[field] ??= translateFieldMessage(issue.message, t);
      }
    }
    if (birthTime !== '' && birthTimeMinutes === null) next.birthTimeMinutes = t('calendars.announce.timeInvalid');
    next.birthWeight ??= checkWeight(birthWeight, BirthWeightSchema);
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first === 'birthDate') dateRef.current?.focus();
    else if (first === 'thankYouMessage') thanksRef.current?.focus();
    else if (first) {
      // After React has marked the field invalid.
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    } else {
      setProblem(null);
      setStep('confirm');
    }
  }

  function announce(closeDialog: () => void) {
    return send(() => announceBirth(calendar.id, request), {
      success: t('calendars.announce.success'),
      closeDialog,
      // A field the server refused is fixed in the form, where its message shows.
      onError: (cause) => {
        if (!(cause instanceof ApiError)) return false;
        const fieldErrors = toFieldErrors(cause.fields);
        const first = FIELD_ORDER.find((field) => fieldErrors[field]);
        if (!first) return false;
        setErrors(translateFieldMessages(fieldErrors, t));
        formFocusRef.current = first;
        setStep('form');
        return true;
      },
    });
  }

  const titleId = step === 'form' ? `${id}-title` : `${id}-confirm`;
  const remaining = THANK_YOU_MAX_LENGTH - thankYouMessage.length;
  const iban = calendar.bankAccount ?? t('calendars.announce.yourBankAccount');

  return (
    <ModalDialog titleId={titleId} busy={sending} onClose={onClose}>
      {(close) =>
        step === 'form' ? (
          <form ref={formRef} noValidate className={dialogStyles.content} onSubmit={review}>
            <h2 id={`${id}-title`} className={styles.dialogTitle}>
              {t('calendars.announce.title')}
            </h2>
            <div className={styles.dialogText}>
              <p>
                <T
                  id="calendars.announce.intro"
                  values={{ title: calendar.title }}
                  components={{ 0: <strong>{calendar.title}</strong> }}
                />
              </p>
              <ul className={closingStyles.consequences}>
                <li>
                  <T
                    id={
                      welcomeGifts ? 'calendars.announce.consequenceGiftsLater' : 'calendars.announce.consequenceGifts'
                    }
                    values={{
                      amount: formatMoney(calendar.raisedAmount, { currency: calendar.currency, locale }),
                      iban,
                    }}
                    components={{ 0: <span className={closingStyles.iban}>{iban}</span> }}
                  />
                </li>
                <li>{t('calendars.announce.consequenceClosed')}</li>
                <li>{t('calendars.announce.consequenceEmails')}</li>
              </ul>
            </div>
            <TextField
              ref={dateRef}
              label={t('calendars.announce.birthDate')}
              type="date"
              required
              min={limits.min}
              max={limits.max}
              value={birthDate}
              onChange={(event) => setBirthDate(event.target.value)}
              error={errors.birthDate}
            />
            <fieldset className={closingStyles.babyDetails}>
              <legend className={closingStyles.babyDetailsTitle}>{t('calendars.announce.aboutBaby')}</legend>
              <TextField
                label={t('calendars.announce.babyName')}
                autoComplete="off"
                maxLength={BABY_NAME_MAX_LENGTH}
                value={babyName}
                onChange={(event) => setBabyName(event.target.value)}
                error={errors.babyName}
              />
              <TextField
                label={t('calendars.announce.birthTime')}
                type="time"
                value={birthTime}
                onChange={(event) => setBirthTime(event.target.value)}
                error={errors.birthTimeMinutes}
                className={closingStyles.timeField}
              />
              <WeightField
                legend={t('calendars.announce.weight')}
                value={birthWeight}
                onChange={setBirthWeight}
                error={errors.birthWeight}
              />
              <PhotoField
                label={t('calendars.announce.babyPhoto')}
                hint={t('calendars.announce.babyPhotoHint')}
                value={babyImageId}
                onChange={setBabyImageId}
                error={errors.babyImageId}
                previewAlt={t('calendars.announce.babyPhotoAlt')}
                onBusyChange={setPhotoBusy}
              />
              <p className={closingStyles.babyDetailsHint}>
                {calendar.guessTime || calendar.guessWeight
                  ? t('calendars.announce.shownWithGuesses')
                  : t('calendars.announce.shown')}
              </p>
            </fieldset>
            <div className={formStyles.field}>
              <label htmlFor={`${id}-thanks`} className={formStyles.label}>
                {t('calendars.announce.thankYou')}
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
                {t('calendars.announce.count', {
                  count: formatNumber(thankYouMessage.length, locale),
                  max: formatNumber(THANK_YOU_MAX_LENGTH, locale),
                })}
              </p>
            </div>
            <SwitchField
              label={t('calendars.announce.welcomeGifts')}
              hint={t('calendars.announce.welcomeGiftsHint', { days: WELCOME_GIFT_DAYS })}
              checked={welcomeGifts}
              onChange={(event) => setWelcomeGifts(event.target.checked)}
            />
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={close}>
                {t('calendars.dialogs.cancel')}
              </Button>
              <Button type="submit" aria-disabled={photoBusy || undefined}>
                {photoBusy ? t('calendars.announce.uploading') : t('calendars.myCalendars.announce')}
              </Button>
            </div>
          </form>
        ) : (
          <ClosingConfirmation
            titleId={`${id}-confirm`}
            sending={sending}
            problem={problem}
            sendingText={t('calendars.announce.sendingText')}
            confirmLabel={t('calendars.announce.confirm')}
            busyLabel={t('calendars.announce.busy')}
            onBack={() => {
              formFocusRef.current = 'birthDate';
              setStep('form');
            }}
            onConfirm={() => announce(close)}
          >
            <div>
              <dt>{t('calendars.announce.bornOn')}</dt>
              <dd>
                {birthTimeMinutes !== null
                  ? t('calendars.announce.dateAtTime', {
                      date: formatLongDate(birthDate, locale),
                      time: formatTimeOfDay(birthTimeMinutes, locale),
                    })
                  : formatLongDate(birthDate, locale)}
              </dd>
            </div>
            {babyName.trim() && (
              <div>
                <dt>{t('calendars.announce.name')}</dt>
                <dd>{babyName.trim()}</dd>
              </div>
            )}
            {babyImageId && (
              <div>
                <dt>{t('calendars.announce.photo')}</dt>
                <dd>
                  <img
                    src={imageUrl(babyImageId, 320, 'webp')}
                    alt={babyName.trim() || t('calendars.announce.yourBaby')}
                    className={closingStyles.photoPreview}
                  />
                </dd>
              </div>
            )}
            {weightInput && (
              <div>
                <dt>{t('calendars.announce.weight')}</dt>
                <dd>{formatWeightBoth(toGrams(weightInput), locale)}</dd>
              </div>
            )}
            <div>
              <dt>{t('calendars.announce.welcomeGiftsShort')}</dt>
              <dd>
                {welcomeGifts
                  ? t('calendars.announce.welcomeGiftsOn', { days: WELCOME_GIFT_DAYS })
                  : t('calendars.announce.welcomeGiftsOff')}
              </dd>
            </div>
            <div>
              <dt>{t('calendars.announce.fundsGoTo')}</dt>
              <dd className={closingStyles.iban}>{iban}</dd>
            </div>
            <div>
              <dt>{t('calendars.announce.emailed')}</dt>
              <dd>{t('calendars.announceChooser.participants', { count: calendar.participants })}</dd>
            </div>
          </ClosingConfirmation>
        )
      }
    </ModalDialog>
  );
}
