import { type AnnounceRequestInput, AnnounceRequestSchema, THANK_YOU_MAX_LENGTH } from '@firstday/common/announcements';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatLongDate, formatMoney, formatNumber } from '@firstday/common/format';
import {
  BABY_NAME_MAX_LENGTH,
  BirthWeightSchema,
  formatTimeOfDay,
  formatWeightBoth,
  parseTimeInput,
  toGrams,
} from '@firstday/common/fun-guesses';
import { imageUrl } from '@firstday/common/images';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { TextField } from '../account/text-field.tsx';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { PhotoField } from '../components/photo-field.tsx';
import { WeightField } from '../components/weight-field.tsx';
import { checkWeight, EMPTY_WEIGHT, toWeightInput, type WeightValue } from '../components/weight-value.ts';
import { ApiError } from '../lib/api.ts';
import formStyles from '../styles/form.module.css';
import styles from './calendars.module.css';
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
  const id = useId();
  const limits = useMemo(() => getBirthDateLimits(calendar.createdAt), [calendar.createdAt]);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [birthDate, setBirthDate] = useState('');
  const [thankYouMessage, setThankYouMessage] = useState('');
  const [babyName, setBabyName] = useState('');
  const [birthTime, setBirthTime] = useState('');
  const [birthWeight, setBirthWeight] = useState<WeightValue>(EMPTY_WEIGHT);
  const [babyImageId, setBabyImageId] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
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
  };

  function review(event: FormEvent) {
    event.preventDefault();
    // The photo's id only exists once its upload has finished.
    if (photoBusy) return;
    const next: FieldErrors = { birthDate: checkBirthDate(birthDate, limits) };
    const parsed = AnnounceRequestSchema.safeParse(request);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_ORDER.find((candidate) => candidate === issue.path[0]);
        if (field) next[field] ??= issue.message;
      }
    }
    if (birthTime !== '' && birthTimeMinutes === null)
      next.birthTimeMinutes = 'Please enter a time, or leave it empty.';
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
      success: 'The birth is announced. Congratulations! Your participants are being e-mailed.',
      closeDialog,
      // A field the server refused is fixed in the form, where its message shows.
      onError: (cause) => {
        if (!(cause instanceof ApiError)) return false;
        const fieldErrors = toFieldErrors(cause.fields);
        const first = FIELD_ORDER.find((field) => fieldErrors[field]);
        if (!first) return false;
        setErrors(fieldErrors);
        formFocusRef.current = first;
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
          <form ref={formRef} noValidate className={dialogStyles.content} onSubmit={review}>
            <h2 id={`${id}-title`} className={styles.dialogTitle}>
              Announce the birth
            </h2>
            <div className={styles.dialogText}>
              <p>
                For <strong>{calendar.title}</strong>. When you announce the birth:
              </p>
              <ul className={closingStyles.consequences}>
                <li>
                  The gifts collected ({formatMoney(calendar.raisedCents)}) are transferred to your IBAN{' '}
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
            <fieldset className={closingStyles.babyDetails}>
              <legend className={closingStyles.babyDetailsTitle}>About the baby (optional)</legend>
              <TextField
                label="Baby’s name"
                autoComplete="off"
                maxLength={BABY_NAME_MAX_LENGTH}
                value={babyName}
                onChange={(event) => setBabyName(event.target.value)}
                error={errors.babyName}
              />
              <TextField
                label="Time of birth"
                type="time"
                value={birthTime}
                onChange={(event) => setBirthTime(event.target.value)}
                error={errors.birthTimeMinutes}
                className={closingStyles.timeField}
              />
              <WeightField legend="Weight" value={birthWeight} onChange={setBirthWeight} error={errors.birthWeight} />
              <PhotoField
                label="Baby’s photo"
                hint="JPEG, PNG, WebP or HEIC, up to 15 MB. We remove the location and camera details."
                value={babyImageId}
                onChange={setBabyImageId}
                error={errors.babyImageId}
                previewAlt="Your baby’s photo"
                onBusyChange={setPhotoBusy}
              />
              <p className={closingStyles.babyDetailsHint}>
                Shown on the calendar and in the e-mail to your participants
                {calendar.guessTime || calendar.guessWeight
                  ? ', with the guesses that came closest (just for fun).'
                  : '.'}
              </p>
            </fieldset>
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
                {formatNumber(thankYouMessage.length)} / {formatNumber(THANK_YOU_MAX_LENGTH)} characters
              </p>
            </div>
            <div className={dialogStyles.actions}>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" aria-disabled={photoBusy || undefined}>
                {photoBusy ? 'Uploading the photo…' : 'Announce & Receive Funds'}
              </Button>
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
              formFocusRef.current = 'birthDate';
              setStep('form');
            }}
            onConfirm={() => announce(close)}
          >
            <div>
              <dt>Born on</dt>
              <dd>
                {formatLongDate(birthDate)}
                {birthTimeMinutes !== null && ` at ${formatTimeOfDay(birthTimeMinutes)}`}
              </dd>
            </div>
            {babyName.trim() && (
              <div>
                <dt>Name</dt>
                <dd>{babyName.trim()}</dd>
              </div>
            )}
            {babyImageId && (
              <div>
                <dt>Photo</dt>
                <dd>
                  <img
                    src={imageUrl(babyImageId, 320, 'webp')}
                    alt={babyName.trim() || 'Your baby'}
                    className={closingStyles.photoPreview}
                  />
                </dd>
              </div>
            )}
            {weightInput && (
              <div>
                <dt>Weight</dt>
                <dd>{formatWeightBoth(toGrams(weightInput))}</dd>
              </div>
            )}
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
