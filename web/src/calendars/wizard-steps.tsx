import {
  CREATION_FEE_AMOUNT,
  getLatestDueDate,
  type OwnerCalendar,
  toIsoDate,
  WIZARD_STEPS,
} from '@firstday/common/calendars';
import { CURRENCIES, type Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { IbanField, TextField } from '../components/text-field.tsx';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import { messageId, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import formStyles from '../styles/form.module.css';
import { BackgroundPicker } from './background-picker.tsx';
import { CalendarPreview } from './calendar-visuals.tsx';
import { CALENDARS_QUERY_KEY, createCalendar, getCalendarQueryKey, updateCalendar } from './calendars-api.ts';
import { copyShareLink, getShareLink } from './copy-text.ts';
import { translateFieldMessages } from './field-messages.ts';
import { ParentsPageFields } from './parents-page-fields.tsx';
import { PaymentStep } from './payment-step.tsx';
import { PayoutTermsNote } from './payout-terms-note.tsx';
import styles from './wizard.module.css';
import {
  followIbanCurrency,
  getDraftValues,
  getInitialValues,
  getResumeStep,
  hasUnsavedChanges,
  isCurrencyPicked,
  mapWizardFieldErrors,
  type StepErrors,
  validateStepOne,
  validateStepTwo,
  WIZARD_STEP_LABELS,
  type WizardStep,
  type WizardValues,
} from './wizard-state.ts';

const STEP_TITLES = {
  1: messageId('calendars.wizard.titleDetails'),
  2: messageId('calendars.wizard.titleCustomize'),
  3: messageId('calendars.wizard.titlePlan'),
  4: messageId('calendars.wizard.titlePayment'),
  5: messageId('calendars.wizard.titleWelcome'),
} as const satisfies Record<WizardStep, string>;

type WizardStepsProps = {
  user: { first_name: string; last_name: string; IBAN: string | null };
  draft: OwnerCalendar | null;
  onDraftCreated: (id: string) => void;
};

/** The five steps; every step is saved on the server before the next one shows, so a reload resumes. */
export function WizardSteps({ user, draft, onDraftCreated }: WizardStepsProps) {
  const t = useT();
  const locale = useLocale();
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
  // Until the parent picks a currency, it follows the payout IBAN's country.
  const [currencyPicked, setCurrencyPicked] = useState(() => (draft ? isCurrencyPicked(draft) : false));
  const savedIban = calendar?.iban ?? user.IBAN;
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
    setValues((current) => {
      const next = { ...current, ...change };
      const ibanChanged = 'iban' in change || 'ibanChoice' in change;
      return ibanChanged && !currencyPicked ? followIbanCurrency(next, savedIban) : next;
    });
  }

  function pickCurrency(currency: Currency) {
    setCurrencyPicked(true);
    changeValues({ currency });
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
      if (Object.keys(fieldErrors).length > 0) setErrors(translateFieldMessages(fieldErrors, t));
      else setProblem(getErrorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  function submitDetails(event: FormEvent) {
    event.preventDefault();
    const result = validateStepOne(values, t);
    if (!result.success) return setErrors(translateFieldMessages(result.errors, t));
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
    if (photoBusy) return setProblem(t('calendars.wizard.photoStillUploading'));
    const result = validateStepTwo(values);
    if (!result.success) return setErrors(translateFieldMessages(result.errors, t));
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

  const title = t(STEP_TITLES[step]);
  const back =
    step >= 2 && step <= 4 ? (
      <Button variant="secondary" size="lg" onClick={goBack} disabled={saving}>
        {t('calendars.wizard.back')}
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
          <p className={styles.lead}>{t('calendars.wizard.detailsLead')}</p>
          <div className={styles.twoColumns}>
            <TextField
              label={t('calendars.wizard.firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => changeValues({ firstName: event.target.value })}
              error={errors.firstName}
            />
            <TextField
              label={t('calendars.wizard.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => changeValues({ lastName: event.target.value })}
              error={errors.lastName}
            />
          </div>
          <IbanChoice
            savedIban={savedIban}
            fromAccount={!calendar?.iban}
            values={values}
            error={errors.iban}
            onChange={changeValues}
          />
          <PayoutTermsNote />
          <CurrencyChoice value={values.currency} error={errors.currency} onChange={pickCurrency} />
          {problemBox}
          <div className={styles.actions}>
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? t('calendars.wizard.saving') : t('calendars.wizard.nextStep')}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 2 && (
        <StepForm formRef={formRef} onSubmit={submitCustomization} saving={saving}>
          <p className={styles.lead}>{t('calendars.wizard.customizeLead')}</p>
          <div className={styles.customize}>
            <div className={styles.customizeFields}>
              <TextField
                label={t('calendars.wizard.dueDate')}
                type="date"
                min={toIsoDate(new Date())}
                max={getLatestDueDate(toIsoDate(new Date()))}
                value={values.dueDate}
                onChange={(event) => changeValues({ dueDate: event.target.value })}
                error={errors.dueDate}
                hint={t('calendars.wizard.dueDateHint')}
              />
              <BackgroundPicker
                legend={t('calendars.wizard.background')}
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
            <section className={styles.previewColumn} aria-label={t('calendars.wizard.preview')}>
              <p className={styles.previewLabel} aria-hidden="true">
                {t('calendars.wizard.preview')}
              </p>
              <CalendarPreview
                title={calendar?.title || t('calendars.wizard.defaultTitle')}
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
              {saving ? t('calendars.wizard.saving') : t('calendars.wizard.nextStep')}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 3 && (
        <StepForm formRef={formRef} onSubmit={submitPlan} saving={saving}>
          <div className={styles.plan}>
            <p className={styles.planName}>{t('calendars.wizard.planName')}</p>
            <ul className={styles.benefits}>
              <li>{t('calendars.wizard.planBenefitCalendar')}</li>
              <li>{t('calendars.wizard.planBenefitGuesses')}</li>
              <li>{t('calendars.wizard.planBenefitGifts')}</li>
              <li>{t('calendars.wizard.planBenefitPayout')}</li>
              <li>{t('calendars.wizard.planBenefitEmail')}</li>
            </ul>
            <p className={styles.total}>
              <span>{t('calendars.wizard.total')}</span>
              <strong>
                {formatMoney(CREATION_FEE_AMOUNT, { currency: calendar?.currency ?? values.currency, locale })}
              </strong>
            </p>
            <p className={styles.planNote}>{t('calendars.wizard.planNote')}</p>
          </div>
          {problemBox}
          <div className={styles.actions}>
            {back}
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? t('calendars.wizard.saving') : t('calendars.wizard.proceedToPayment')}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 4 && calendar && (
        <div className={styles.stepBody}>
          <PaymentStep
            calendarId={calendar.id}
            currency={calendar.currency}
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
  const t = useT();
  return (
    <div className={styles.progress}>
      <p className={styles.progressText}>{t('calendars.wizard.stepOf', { step, total: WIZARD_STEPS })}</p>
      <ol className={styles.progressSteps} aria-label={t('calendars.wizard.progress')}>
        {WIZARD_STEP_LABELS.map((label, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'next';
          return (
            <li key={label} data-state={state} aria-current={number === step ? 'step' : undefined}>
              <span className={styles.progressDot} aria-hidden="true">
                {number < step ? '✓' : number}
              </span>
              <span className={styles.progressLabel}>
                {t(label)}
                {number < step && <span className="visually-hidden"> {t('calendars.wizard.stepDone')}</span>}
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
  const t = useT();
  const name = useId();
  const ibanField = (
    <IbanField
      value={values.iban}
      onChange={(event) => onChange({ iban: event.target.value })}
      error={error}
      hint={t('calendars.wizard.ibanHint')}
    />
  );
  if (!savedIban) return <div className={styles.narrow}>{ibanField}</div>;
  return (
    <fieldset className={styles.ibanChoice}>
      <legend className={styles.legend}>{t('calendars.wizard.ibanLegend')}</legend>
      <label className={styles.choice}>
        <input
          type="radio"
          name={name}
          checked={values.ibanChoice === 'saved'}
          onChange={() => onChange({ ibanChoice: 'saved' })}
        />
        <span>
          {fromAccount ? t('calendars.wizard.ibanFromAccount') : t('calendars.wizard.ibanFromCalendar')}
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
        <span>{t('calendars.wizard.ibanAnother')}</span>
      </label>
      {values.ibanChoice === 'new' && <div className={styles.narrow}>{ibanField}</div>}
    </fieldset>
  );
}

const CURRENCY_NAMES = {
  usd: messageId('calendars.currency.usd'),
  eur: messageId('calendars.currency.eur'),
  gbp: messageId('calendars.currency.gbp'),
} as const satisfies Record<Currency, string>;

type CurrencyChoiceProps = { value: Currency; error?: string; onChange: (currency: Currency) => void };

/** The calendar's currency: the fee, the gifts and the payout are in it. It can change until the fee is paid. */
function CurrencyChoice({ value, error, onChange }: CurrencyChoiceProps) {
  const t = useT();
  const locale = useLocale();
  const name = useId();
  return (
    <fieldset
      className={styles.currencyChoice}
      aria-describedby={[error ? `${name}-error` : '', `${name}-hint`].filter(Boolean).join(' ')}
    >
      <legend className={styles.legend}>{t('calendars.currency.legend')}</legend>
      <div className={styles.currencyOptions}>
        {CURRENCIES.map((currency) => (
          <label key={currency} className={styles.choice}>
            <input
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              aria-invalid={error ? true : undefined}
            />
            <span>
              {t(CURRENCY_NAMES[currency])}
              <span className={styles.currencyFee}>{formatMoney(CREATION_FEE_AMOUNT, { currency, locale })}</span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${name}-error`} className={formStyles.fieldError}>
          {error}
        </p>
      )}
      <p id={`${name}-hint`} className={formStyles.hint}>
        {t('calendars.currency.hint')}
      </p>
    </fieldset>
  );
}

function WelcomeStep({ calendar }: { calendar: OwnerCalendar }) {
  const t = useT();
  const shareLink = calendar.shareUrl ? getShareLink(calendar.shareUrl) : null;
  return (
    <div className={styles.stepBody}>
      <p className={styles.welcomeLead}>{t('calendars.wizard.welcomeLead')}</p>
      <CalendarPreview
        title={calendar.title}
        parentNames={`${calendar.firstName} ${calendar.lastName}`}
        dueDate={calendar.dueDate ?? ''}
        background={calendar.background}
      />
      {shareLink && (
        <div className={styles.share}>
          <TextField
            label={t('calendars.wizard.shareLink')}
            readOnly
            value={shareLink}
            onFocus={(event) => event.currentTarget.select()}
            hint={t('calendars.wizard.shareLinkHint')}
          />
          <Button variant="secondary" onClick={() => copyShareLink(shareLink, t)}>
            {t('calendars.wizard.copyLink')}
          </Button>
        </div>
      )}
      <div className={styles.actions}>
        <ButtonLink to="/my_calendars" size="lg">
          {t('calendars.wizard.goToMyCalendar')}
        </ButtonLink>
      </div>
    </div>
  );
}
