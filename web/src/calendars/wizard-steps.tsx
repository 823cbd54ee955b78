import { getLatestDueDate, toIsoDate } from '@firstday/common/calendar-dates';
import type { OwnerCalendar } from '@firstday/common/calendars';
import { formatCreationFee } from '@firstday/common/creation-fee';
import { CURRENCIES, type Currency } from '@firstday/common/currency';
import { WIZARD_STEPS } from '@firstday/common/schema-constants';
import { useQueryClient } from '@tanstack/react-query';
import {
  type FormEvent,
  lazy,
  type ReactNode,
  type Ref,
  Suspense,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useController } from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { TextField } from '../components/text-field.tsx';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import { messageId, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setFieldErrors } from '../lib/form-errors.ts';
import { lazyZodResolver } from '../lib/lazy-zod-resolver.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import formStyles from '../styles/form.module.css';
import { BackgroundPicker } from './background-picker.tsx';
import { BankAccountFields } from './bank-account-fields.tsx';
import { CalendarPreview } from './calendar-visuals.tsx';
import { CALENDARS_QUERY_KEY, createCalendar, getCalendarQueryKey, updateCalendar } from './calendars-api.ts';
import { copyShareLink, getShareLink } from './copy-text.ts';
import { translateFieldMessage } from './field-messages.ts';
import { ParentsPageFields } from './parents-page-fields.tsx';
import { PayoutTermsNote } from './payout-terms-note.tsx';
import styles from './wizard.module.css';
import {
  followBankCurrency,
  getAcceptedCurrencies,
  getDraftValues,
  getInitialValues,
  getResumeStep,
  getServerErrorFields,
  getStepFromUrl,
  getStepSearch,
  hasUnsavedChanges,
  isCurrencyPicked,
  WIZARD_STEP_LABELS,
  type WizardStep,
  type WizardValues,
} from './wizard-state.ts';

// What the first step does not draw loads when it is used, not while the page hydrates (decision
// 037): the checks (zod and the schemas of common) on the first focus or press in a step, at the
// latest when it is sent; the payment step once the plan before it shows.
const loadWizardChecks = () => import('./wizard-checks.ts');
const loadPaymentStep = () => import('./payment-step.tsx');
const PaymentStep = lazy(() => loadPaymentStep().then((module) => ({ default: module.PaymentStep })));

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
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  // Each step is a history entry (`?step=`): Back and Forward move between the steps saved so far.
  const [openedStep] = useState<WizardStep>(() => (draft ? getResumeStep(draft) : 1));
  const [reachedStep, setReachedStep] = useState<WizardStep>(openedStep);
  const [paid, setPaid] = useState(false);
  const step = paid ? 5 : getStepFromUrl(searchParams.get('step'), openedStep, reachedStep);
  // What the server has: leaving with anything else typed asks first.
  const [savedValues, setSavedValues] = useState<WizardValues>(() =>
    draft ? getDraftValues(draft, locale) : getInitialValues(user, locale),
  );
  const [calendar, setCalendar] = useState<OwnerCalendar | null>(draft);
  const [problem, setProblem] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  // Until the parent picks a currency, it follows the payout bank's country.
  const [currencyPicked, setCurrencyPicked] = useState(() => (draft ? isCurrencyPicked(draft) : false));
  const savedBankAccount = calendar?.bankAccount ?? user.IBAN;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  // One form for steps 1 to 3, so Back keeps what was typed; the resolver checks the step shown.
  const resolver = useMemo(
    () => lazyZodResolver(() => loadWizardChecks().then((checks) => checks.createWizardStepSchema(step, t))),
    [step, t],
  );
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting: saving },
  } = useFormCheckedOnSend<WizardValues>({ resolver, defaultValues: savedValues });
  // Registered in the order they are shown, so a refused step focuses its first refused field.
  const firstNameField = register('firstName');
  const lastNameField = register('lastName');
  const bankFields = {
    ibanChoice: register('ibanChoice', { onChange: followBank }),
    bankKind: register('bankKind', { onChange: followBank }),
    iban: register('iban', { onChange: followBank }),
    routingNumber: register('routingNumber'),
    sortCode: register('sortCode'),
    accountNumber: register('accountNumber'),
  };
  const currency = useController({ control, name: 'currency' });
  const dueDateField = register('dueDate');
  const background = useController({ control, name: 'background' });
  const coverImage = useController({ control, name: 'coverImageId' });
  const parentsNote = useController({ control, name: 'parentsNote' });
  const values = watch();
  const fieldError = (field: keyof WizardValues) => translateFieldMessage(errors[field]?.message, t);

  // A new step (by a button or by Back and Forward) shows without the errors and the sent state of the
  // one before, what was typed stays; it is announced by moving focus to its heading (not on the
  // first render: the page just loaded).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose each time the step changes.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    reset(undefined, { keepValues: true, keepDefaultValues: true });
    setProblem(null);
    headingRef.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step === 3) loadPaymentStep().catch(() => {});
  }, [step]);

  /** The currency follows the bank's country until the parent picks one the bank can take. */
  function followBank() {
    const current = getValues();
    const followed = followBankCurrency(current, savedBankAccount, currencyPicked);
    if (followed.currency !== current.currency) setValue('currency', followed.currency);
  }

  function pickCurrency(picked: Currency) {
    setCurrencyPicked(true);
    currency.field.onChange(picked);
  }

  /** A new history entry for the next step; its state says which step it came from, for Back. */
  function goTo(next: WizardStep, draftId = calendar?.id ?? null) {
    setReachedStep((reached) => Math.max(reached, next) as WizardStep);
    return navigate(getStepSearch(next, draftId), { state: { wizardStepBefore: step } });
  }

  function keepCalendar(saved: OwnerCalendar) {
    setCalendar(saved);
    queryClient.setQueryData(getCalendarQueryKey(saved.id), saved);
    queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY, exact: true });
  }

  async function save(next: WizardStep, submitted: WizardValues, request: () => Promise<OwnerCalendar>) {
    setProblem(null);
    try {
      const saved = await request();
      keepCalendar(saved);
      setSavedValues(submitted);
      await goTo(next, saved.id);
    } catch (error) {
      // The server names a refused bank account as a whole `bankAccount`: shown on the bank's choice.
      const fields = error instanceof ApiError ? { bankKind: error.fields.bankAccount ?? '', ...error.fields } : {};
      if (!setFieldErrors(fields, setError, getServerErrorFields(step))) setProblem(getErrorMessage(error));
    }
  }

  const submitDetails = handleSubmit(async (submitted) => {
    const result = (await loadWizardChecks()).validateStepOne(submitted, t);
    if (!result.success) return;
    if (calendar) return save(2, submitted, () => updateCalendar(calendar.id, { ...result.request, wizardStep: 2 }));
    return save(2, submitted, async () => {
      const created = await createCalendar(result.request);
      onDraftCreated(created.id);
      // Step 1's entry gets the draft, so Back to it (or a reload there) does not start another one.
      await navigate(getStepSearch(1, created.id), { replace: true });
      return created;
    });
  });

  const submitCustomizationValues = handleSubmit(async (submitted) => {
    const result = (await loadWizardChecks()).validateStepTwo(submitted);
    if (!result.success) return;
    if (!calendar) return goTo(1);
    return save(3, submitted, () => updateCalendar(calendar.id, { ...result.request, wizardStep: 3 }));
  });

  function submitCustomization(event: FormEvent) {
    if (photoBusy) {
      event.preventDefault();
      return setProblem(t('calendars.wizard.photoStillUploading'));
    }
    return submitCustomizationValues(event);
  }

  const submitPlan = handleSubmit(async (submitted) => {
    if (!calendar) return goTo(1);
    return save(4, submitted, () => updateCalendar(calendar.id, { wizardStep: 4 }));
  });

  /** The page's Back is the browser's when the entry before is the step before; else it adds one. */
  function goBack() {
    const before = Math.max(1, step - 1) as WizardStep;
    const cameFrom = (location.state as { wizardStepBefore?: number } | null)?.wizardStepBefore;
    if (cameFrom === before) return navigate(-1);
    return goTo(before);
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
        <StepForm onSubmit={submitDetails} saving={saving} onTouch={resolver.warm}>
          <p className={styles.lead}>{t('calendars.wizard.detailsLead')}</p>
          <div className={styles.twoColumns}>
            {/* The values in the HTML too: the server draws this step (decision 036). */}
            <TextField
              label={t('calendars.wizard.firstName')}
              autoComplete="given-name"
              defaultValue={savedValues.firstName}
              error={fieldError('firstName')}
              {...firstNameField}
            />
            <TextField
              label={t('calendars.wizard.lastName')}
              autoComplete="family-name"
              defaultValue={savedValues.lastName}
              error={fieldError('lastName')}
              {...lastNameField}
            />
          </div>
          <BankAccountFields
            savedBankAccount={savedBankAccount}
            fromAccount={!calendar?.bankAccount}
            values={values}
            fields={bankFields}
            errorOf={fieldError}
          />
          <PayoutTermsNote />
          <CurrencyChoice
            currencies={getAcceptedCurrencies(values, savedBankAccount)}
            value={currency.field.value}
            error={fieldError('currency')}
            onChange={pickCurrency}
            inputRef={currency.field.ref}
          />
          {problemBox}
          <div className={styles.actions}>
            <Button type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? t('calendars.wizard.saving') : t('calendars.wizard.nextStep')}
            </Button>
          </div>
        </StepForm>
      )}

      {step === 2 && (
        <StepForm onSubmit={submitCustomization} saving={saving} onTouch={resolver.warm}>
          <p className={styles.lead}>{t('calendars.wizard.customizeLead')}</p>
          <div className={styles.customize}>
            <div className={styles.customizeFields}>
              <TextField
                label={t('calendars.wizard.dueDate')}
                type="date"
                min={toIsoDate(new Date())}
                max={getLatestDueDate(toIsoDate(new Date()))}
                error={fieldError('dueDate')}
                hint={t('calendars.wizard.dueDateHint')}
                {...dueDateField}
              />
              <BackgroundPicker
                legend={t('calendars.wizard.background')}
                value={background.field.value}
                onChange={background.field.onChange}
                error={fieldError('background')}
              />
              <ParentsPageFields
                coverImageId={coverImage.field.value}
                parentsNote={parentsNote.field.value}
                onChange={(changes) => {
                  if (changes.coverImageId !== undefined) coverImage.field.onChange(changes.coverImageId);
                  if (changes.parentsNote !== undefined) parentsNote.field.onChange(changes.parentsNote);
                }}
                errors={{ coverImageId: fieldError('coverImageId'), parentsNote: fieldError('parentsNote') }}
                onPhotoBusyChange={setPhotoBusy}
                noteRef={parentsNote.field.ref}
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
        <StepForm onSubmit={submitPlan} saving={saving} onTouch={resolver.warm}>
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
              <strong>{formatCreationFee(calendar?.currency ?? values.currency, locale)}</strong>
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
          <Suspense
            fallback={
              <p className={styles.loading} role="status">
                {t('calendars.payment.loadingOptions')}
              </p>
            }
          >
            <PaymentStep
              calendarId={calendar.id}
              currency={calendar.currency}
              onPaid={(paidCalendar) => {
                keepCalendar(paidCalendar);
                setPaid(true);
                // Paid: the steps before it are over, so the welcome takes the payment's entry.
                void navigate(getStepSearch(5, paidCalendar.id), { replace: true });
              }}
              back={back}
            />
          </Suspense>
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
  onSubmit,
  saving,
  onTouch,
  children,
}: {
  onSubmit: (event: FormEvent) => Promise<void> | void;
  saving: boolean;
  /** The first focus or press in the step: its checks start loading. */
  onTouch: () => void;
  children: ReactNode;
}) {
  // A step on its way to the server is not sent again.
  function submit(event: FormEvent) {
    if (saving) return event.preventDefault();
    void onSubmit(event);
  }
  return (
    <form
      className={styles.stepBody}
      noValidate
      onSubmit={submit}
      onFocus={onTouch}
      onPointerDown={onTouch}
      aria-busy={saving}
    >
      {children}
    </form>
  );
}

const CURRENCY_NAMES = {
  usd: messageId('calendars.currency.usd'),
  eur: messageId('calendars.currency.eur'),
  gbp: messageId('calendars.currency.gbp'),
} as const satisfies Record<Currency, string>;

type CurrencyChoiceProps = {
  /** The ones the bank can take (a US account: dollars only). */
  currencies: readonly Currency[];
  value: Currency;
  error?: string;
  onChange: (currency: Currency) => void;
  /** The first option, focused when the currency is refused. */
  inputRef?: Ref<HTMLInputElement>;
};

/** The calendar's currency: the fee, the gifts and the payout are in it. It can change until the fee is paid. */
function CurrencyChoice({ currencies, value, error, onChange, inputRef }: CurrencyChoiceProps) {
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
        {CURRENCIES.filter((currency) => currencies.includes(currency)).map((currency, index) => (
          <label key={currency} className={styles.choice}>
            <input
              ref={index === 0 ? inputRef : undefined}
              type="radio"
              name={name}
              value={currency}
              checked={value === currency}
              onChange={() => onChange(currency)}
              aria-invalid={error ? true : undefined}
            />
            <span>
              {t(CURRENCY_NAMES[currency])}
              <span className={styles.currencyFee}>{formatCreationFee(currency, locale)}</span>
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
