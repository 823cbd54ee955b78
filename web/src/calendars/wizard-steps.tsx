import {
  CREATION_FEE_CENTS,
  getLatestDueDate,
  type OwnerCalendar,
  toIsoDate,
  WIZARD_STEPS,
} from '@firstday/common/calendars';
import { formatMoney } from '@firstday/common/format';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { IbanField, TextField } from '../account/text-field.tsx';
import { Button, ButtonLink } from '../components/button.tsx';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { BackgroundPicker } from './background-picker.tsx';
import { CalendarPreview } from './calendar-visuals.tsx';
import { CALENDARS_QUERY_KEY, createCalendar, getCalendarQueryKey, updateCalendar } from './calendars-api.ts';
import { copyShareLink, getShareLink } from './copy-text.ts';
import { ParentsPageFields } from './parents-page-fields.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PayoutTermsNote } from './payout-terms-note.tsx';
import styles from './wizard.module.css';
import {
  getDraftValues,
  getInitialValues,
  getResumeStep,
  hasUnsavedChanges,
  mapWizardFieldErrors,
  type StepErrors,
  validateStepOne,
  validateStepTwo,
  WIZARD_STEP_LABELS,
  type WizardStep,
  type WizardValues,
} from './wizard-state.ts';

const STEP_TITLES: Record<WizardStep, string> = {
  1: 'Create Your Calendar',
  2: 'Customize Your Calendar',
  3: 'Your Subscription Plan',
  4: 'Payment',
  5: 'Welcome to Your Calendar!',
};

type WizardStepsProps = {
  user: { first_name: string; last_name: string; IBAN: string | null };
  draft: OwnerCalendar | null;
  onDraftCreated: (id: string) => void;
};

/** The five steps; every step is saved on the server before the next one shows, so a reload resumes. */
export function WizardSteps({ user, draft, onDraftCreated }: WizardStepsProps) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<WizardStep>(() => (draft ? getResumeStep(draft) : 1));
  const [values, setValues] = useState<WizardValues>(() => (draft ? getDraftValues(draft) : getInitialValues(user)));
  // What the server has: leaving with anything else typed asks first.
  const [savedValues, setSavedValues] = useState(values);
  const [calendar, setCalendar] = useState<OwnerCalendar | null>(draft);
  const [errors, setErrors] = useState<StepErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [photoBusy, setPhotoBusy] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);

  // A new step is announced by moving focus to its heading (not on the first render: the page just loaded).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  // After a refused submit, focus goes to the first field that needs another look.
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  function changeValues(change: Partial<WizardValues>) {
    setValues((current) => ({ ...current, ...change }));
  }

  function keepCalendar(saved: OwnerCalendar) {
    setCalendar(saved);
    queryClient.setQueryData(getCalendarQueryKey(saved.id), saved);
    queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY, exact: true });
  }

  async function save(next: WizardStep, request: () => Promise<OwnerCalendar>) {
    if (saving) return;
    setSaving(true);
    setProblem(null);
    try {
      keepCalendar(await request());
      setSavedValues(values);
      setErrors({});
      setStep(next);
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? mapWizardFieldErrors(error.fields) : {};
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      else setProblem(getErrorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  function submitDetails(event: FormEvent) {
    event.preventDefault();
    const result = validateStepOne(values);
    if (!result.success) return setErrors(result.errors);
    setErrors({});
    if (calendar) return save(2, () => updateCalendar(calendar.id, { ...result.request, wizardStep: 2 }));
    return save(2, async () => {
      const created = await createCalendar(result.request);
      onDraftCreated(created.id);
      return created;
    });
  }

  function submitCustomization(event: FormEvent) {
    event.preventDefault();
    if (photoBusy) return setProblem('Your photo is still uploading. Please wait a moment.');
    const result = validateStepTwo(values);
    if (!result.success) return setErrors(result.errors);
    if (!calendar) return setStep(1);
    setErrors({});
    return save(3, () => updateCalendar(calendar.id, { ...result.request, wizardStep: 3 }));
  }

  function submitPlan(event: FormEvent) {
    event.preventDefault();
    if (!calendar) return setStep(1);
    return save(4, () => updateCalendar(calendar.id, { wizardStep: 4 }));
  }

  function goBack() {
    setErrors({});
    setProblem(null);
    setStep((current) => Math.max(1, current - 1) as WizardStep);
  }

  const title = STEP_TITLES[step];
  const back =
    step >= 2 && step <= 4 ? (
      <Button variant="secondary" size="lg" onClick={goBack} disabled={saving}>
        Back
      </Button>
    ) : null;
  const problemBox = problem && (
    <p className={styles.problem} role="alert">
      {problem}
    </p>
  );

  return (
    <div className={styles.wizard}>
      <UnsavedChangesPrompt dirty={hasUnsavedChanges(values, savedValues)} />
      <WizardProgress step={step} />
      <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
        {title}
      </h1>

      {step === 1 && (
        <StepForm formRef={formRef} onSubmit={submitDetails} saving={saving}>
          <p className={styles.lead}>Who is the calendar for, and where should the gifts go?</p>
          <div className={styles.twoColumns}>
            <TextField
              label="First name"
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => changeValues({ firstName: event.target.value })}
              error={errors.firstName}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => changeValues({ lastName: event.target.value })}
              error={errors.lastName}
            />
          </div>
          <IbanChoice
            savedIban={calendar?.iban ?? user.IBAN}
            fromAccount={!calendar?.iban}
            values={values}
            error={errors.iban}
            onChange={changeValues}
          />
          <PayoutTermsNote />
          {problemBox}
          <div className={styles.actions}>
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? 'Saving…' : 'Next Step'}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 2 && (
        <StepForm formRef={formRef} onSubmit={submitCustomization} saving={saving}>
          <p className={styles.lead}>
            Pick the expected birth date and how your calendar looks. A photo and a note for your guests are optional.
          </p>
          <div className={styles.customize}>
            <div className={styles.customizeFields}>
              <TextField
                label="Expected birth date"
                type="date"
                min={toIsoDate(new Date())}
                max={getLatestDueDate(toIsoDate(new Date()))}
                value={values.dueDate}
                onChange={(event) => changeValues({ dueDate: event.target.value })}
                error={errors.dueDate}
                hint="Between today and 10 months from now. Guesses open from 4 weeks before to 2 weeks after it."
              />
              <BackgroundPicker
                legend="Background"
                value={values.background}
                onChange={(background) => changeValues({ background })}
                error={errors.background}
              />
              <ParentsPageFields
                coverImageId={values.coverImageId}
                parentsNote={values.parentsNote}
                onChange={changeValues}
                errors={errors}
                onPhotoBusyChange={setPhotoBusy}
              />
            </div>
            <section className={styles.previewColumn} aria-label="Preview">
              <p className={styles.previewLabel} aria-hidden="true">
                Preview
              </p>
              <CalendarPreview
                title={calendar?.title || 'My calendar'}
                parentNames={`${values.firstName} ${values.lastName}`.trim()}
                dueDate={values.dueDate}
                background={values.background}
              />
            </section>
          </div>
          {problemBox}
          <div className={styles.actions}>
            {back}
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? 'Saving…' : 'Next Step'}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 3 && (
        <StepForm formRef={formRef} onSubmit={submitPlan} saving={saving}>
          <div className={styles.plan}>
            <p className={styles.planName}>Firstday calendar</p>
            <ul className={styles.benefits}>
              <li>Your own birth-day calendar with a private link to share</li>
              <li>Unlimited guesses and wishes from family and friends, no account needed</li>
              <li>Money gifts with personal messages: we take no cut</li>
              <li>Gifts paid out to your bank account when you announce the birth</li>
              <li>A celebration e-mail to everyone who took part</li>
            </ul>
            <p className={styles.total}>
              <span>Total</span>
              <strong>{formatMoney(CREATION_FEE_CENTS)}</strong>
            </p>
            <p className={styles.planNote}>Paid once. No subscription renewals, no hidden fees.</p>
          </div>
          {problemBox}
          <div className={styles.actions}>
            {back}
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? 'Saving…' : 'Proceed to Payment'}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 4 && calendar && (
        <div className={styles.stepBody}>
          <PaymentStep
            calendarId={calendar.id}
            onPaid={(paid) => {
              keepCalendar(paid);
              setStep(5);
            }}
            back={back}
          />
        </div>
      )}

      {step === 5 && calendar && <WelcomeStep calendar={calendar} />}
    </div>
  );
}

function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <div className={styles.progress}>
      <p className={styles.progressText}>
        Step {step} of {WIZARD_STEPS}
      </p>
      <ol className={styles.progressSteps} aria-label="Progress">
        {WIZARD_STEP_LABELS.map((label, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'next';
          return (
            <li key={label} data-state={state} aria-current={number === step ? 'step' : undefined}>
              <span className={styles.progressDot} aria-hidden="true">
                {number < step ? '✓' : number}
              </span>
              <span className={styles.progressLabel}>
                {label}
                {number < step && <span className="visually-hidden"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function StepForm({
  formRef,
  onSubmit,
  saving,
  children,
}: {
  formRef: React.Ref<HTMLFormElement>;
  onSubmit: (event: FormEvent) => void;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <form ref={formRef} className={styles.stepBody} noValidate onSubmit={onSubmit} aria-busy={saving}>
      {children}
    </form>
  );
}

type IbanChoiceProps = {
  savedIban: string | null;
  fromAccount: boolean;
  values: WizardValues;
  error?: string;
  onChange: (change: Partial<WizardValues>) => void;
};

/** The saved IBAN is only shown masked, so it is offered as a choice rather than as editable text. */
function IbanChoice({ savedIban, fromAccount, values, error, onChange }: IbanChoiceProps) {
  const name = useId();
  const ibanField = (
    <IbanField
      value={values.iban}
      onChange={(event) => onChange({ iban: event.target.value })}
      error={error}
      hint="Gifts are paid out to this bank account when you announce the birth."
    />
  );
  if (!savedIban) return <div className={styles.narrow}>{ibanField}</div>;
  return (
    <fieldset className={styles.ibanChoice}>
      <legend className={styles.legend}>Bank account for the gifts</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={values.ibanChoice === 'saved'}
          onChange={() => onChange({ ibanChoice: 'saved' })}
        />
        <span>
          {fromAccount ? 'Use the IBAN from my account' : 'Use the IBAN saved for this calendar'}
          <span className={styles.masked}>{savedIban}</span>
        </span>
      </label>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={values.ibanChoice === 'new'}
          onChange={() => onChange({ ibanChoice: 'new' })}
        />
        <span>Use another IBAN</span>
      </label>
      {values.ibanChoice === 'new' && <div className={styles.narrow}>{ibanField}</div>}
    </fieldset>
  );
}

function WelcomeStep({ calendar }: { calendar: OwnerCalendar }) {
  const shareLink = calendar.shareUrl ? getShareLink(calendar.shareUrl) : null;
  return (
    <div className={styles.stepBody}>
      <p className={styles.welcomeLead}>Your subscription is active! Let's get started.</p>
      <CalendarPreview
        title={calendar.title}
        parentNames={`${calendar.firstName} ${calendar.lastName}`}
        dueDate={calendar.dueDate ?? ''}
        background={calendar.background}
      />
      {shareLink && (
        <div className={styles.share}>
          <TextField
            label="Your calendar’s link"
            readOnly
            value={shareLink}
            onFocus={(event) => event.currentTarget.select()}
            hint="Send it to family and friends: they guess the day, leave a wish and may send a gift."
          />
          <Button variant="secondary" onClick={() => copyShareLink(shareLink)}>
            Copy link
          </Button>
        </div>
      )}
      <div className={styles.actions}>
        <ButtonLink to="/my_calendars" size="lg">
          Go to My Calendar
        </ButtonLink>
      </div>
    </div>
  );
}
