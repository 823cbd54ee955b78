import { readBankAccountText } from '@firstday/common/bank-account-schema';
import type { OwnerCalendar } from '@firstday/common/calendars';
import type { PayoutReadiness } from '@firstday/common/payouts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import type { ShouldRevalidateFunctionArgs } from 'react-router';
import { ConfirmChangeDialog } from '../account/confirm-change-dialog.tsx';
import settingsStyles from '../account/settings-page.module.css';
import { useCurrentUser } from '../account/use-current-user.ts';
import { ClosedCalendarBanner } from '../announcements/closed-calendar-banner.tsx';
import { isCalendarClosed, isClosingInProgress } from '../announcements/closing-status.ts';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import type { CataloguesHandle } from '../i18n/namespaces.ts';
import { T, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { setFieldErrors } from '../lib/form-errors.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { pageContext, readApiJson } from '../page-context.ts';
import { PayoutReadinessSection, usePayoutReadiness } from '../payments/payout-readiness-section.tsx';
import { showSuccessToast } from '../shell/app-toast.ts';
import { EmptyState } from '../shell/empty-state.tsx';
import { CalendarIllustration, SunriseIllustration } from '../shell/illustrations.tsx';
import { PageHeader } from '../shell/page-header.tsx';
import formStyles from '../styles/form.module.css';
import type { Route } from './+types/calendar-info-page';
import { BackgroundPicker } from './background-picker.tsx';
import { BankAccountByCountry } from './bank-account-fields.tsx';
import { BANK_ACCOUNT_FIELDS, nameBankAccountErrors } from './bank-account-values.ts';
import styles from './calendar-info.module.css';
import {
  CALENDAR_INFO_FIELDS,
  type CalendarInfoValues,
  createCalendarInfoSchema,
  getCalendarInfoValues,
  needsBankAccountConfirmation,
} from './calendar-info-values.ts';
import { CalendarShareSection, ViewAsGuestLink } from './calendar-share-section.tsx';
import { CalendarPreview, StatusBadge } from './calendar-visuals.tsx';
import {
  CALENDARS_QUERY_KEY,
  getCalendar,
  getCalendarQueryKey,
  listCalendars,
  type UpdateCalendarRequest,
  updateCalendar,
} from './calendars-api.ts';
import { EndScheduleSection } from './end-schedule-section.tsx';
import { translateFieldMessage } from './field-messages.ts';
import { FunGuessSwitches } from './fun-guess-switches.tsx';
import { ParentsPageFields } from './parents-page-fields.tsx';
import { PayoutTermsNote } from './payout-terms-note.tsx';

export const handle: CataloguesHandle = {
  catalogues: ['app', 'auth', 'account', 'calendars', 'contributions', 'thank-yous', 'payouts'],
};

export function meta() {
  return [{ title: 'Calendar Info – Firstday' }];
}

/**
 * What the server read for the first HTML (a read it could not make is made again in the browser),
 * and the public address share links start with. `notFound`: the API has no such calendar of
 * this owner's (404), or the address names none (400), so the page says so at once.
 */
type InitialData = { calendar?: OwnerCalendar; readiness?: PayoutReadiness; notFound?: boolean; appUrl: string };

/**
 * Rendered on the server (decision 040): the calendar and its payout checklist are read as the page
 * would read them, at the same time, so the first HTML is the whole page with its form filled in.
 * `/my_calendars/calendar_info` reads the list first for its most recent calendar.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const calendars = params.calendarId
    ? undefined
    : (await readApiJson<{ calendars: OwnerCalendar[] }>(context, '/api/calendars', request))?.calendars;
  const id = params.calendarId ?? calendars?.[0]?.id;
  const { appUrl, readApi } = context.get(pageContext);
  if (!id) return { calendars, initial: { appUrl } satisfies InitialData };
  const path = `/api/calendars/${encodeURIComponent(id)}` as const;
  // Back from the provider's identity check, the checklist asks the provider at once (usePayoutReadiness).
  const refresh = new URL(request.url).searchParams.get('onboarding') === 'return' ? '?refresh=true' : '';
  const [answer, readiness] = await Promise.all([
    readApi(path, request),
    readApiJson<PayoutReadiness>(context, `${path}/payout-readiness${refresh}`, request),
  ]);
  const notFound = answer.status === 404 || answer.status === 400;
  let calendar: OwnerCalendar | undefined;
  if (answer.ok) calendar = (await answer.json()) as OwnerCalendar;
  else await answer.body?.cancel();
  return { calendars, initial: { calendar, readiness, notFound, appUrl } satisfies InitialData };
}

// The page keeps its data fresh itself (React Query): read again for another calendar only, not
// when `?onboarding=` goes.
export function shouldRevalidate({ currentParams, nextParams }: ShouldRevalidateFunctionArgs) {
  return currentParams.calendarId !== nextParams.calendarId;
}

const CLOSING_POLL_MS = 5000;

/** `/my_calendars/<id>`, or the most recent calendar on `/my_calendars/calendar_info`. */
export default function CalendarInfoPage({ loaderData, params }: Route.ComponentProps) {
  const { initial } = loaderData;
  return params.calendarId ? (
    <CalendarById id={params.calendarId} initial={initial} />
  ) : (
    <LatestCalendar initialList={loaderData.calendars} initial={initial} />
  );
}

function LatestCalendar({ initialList, initial }: { initialList?: OwnerCalendar[]; initial: InitialData }) {
  const calendars = useQuery({ queryKey: CALENDARS_QUERY_KEY, queryFn: listCalendars, initialData: initialList });
  if (calendars.isPending) return <Loading />;
  if (calendars.isError) return <LoadProblem error={calendars.error} onRetry={() => calendars.refetch()} />;
  const latest = calendars.data[0];
  if (!latest) return <NoCalendarYet />;
  return <CalendarById id={latest.id} initial={initial} />;
}

function CalendarById({ id, initial: read }: { id: string; initial: InitialData }) {
  const t = useT();
  // Another calendar's read (one made since, on calendar_info) is no start for this one.
  const initial = read.calendar?.id === id || read.notFound ? read : { appUrl: read.appUrl };
  const calendar = useQuery({
    queryKey: getCalendarQueryKey(id),
    queryFn: ({ signal }) => getCalendar(id, { signal }),
    initialData: initial.calendar,
    // The banner of a closed calendar follows its payout and e-mails without a reload.
    refetchInterval: (query) => (isClosingInProgress(query.state.data?.closing) ? CLOSING_POLL_MS : false),
  });
  // Read beside the calendar and shown with it: arriving later, the checklist above the form
  // pushed the form down as a parent began to type or tap there.
  const readiness = usePayoutReadiness(id, initial.readiness);
  // As the server drew it, until the browser's own read says the same.
  if (calendar.isPending && initial.notFound) return <CalendarNotFound />;
  if (calendar.isPending || readiness.isPending) return <Loading />;
  if (calendar.isError) {
    const notFound =
      calendar.error instanceof ApiError && (calendar.error.status === 404 || calendar.error.status === 400);
    return notFound ? <CalendarNotFound /> : <LoadProblem error={calendar.error} onRetry={() => calendar.refetch()} />;
  }
  const waitingForGuests = calendar.data.status === 'active' && calendar.data.participants === 0;
  return (
    <div className={styles.page}>
      <PageHeader
        title={t('calendars.info.title')}
        lead={
          <span className={styles.lead}>
            {calendar.data.title} <StatusBadge status={calendar.data.status} />
          </span>
        }
        actions={<ViewAsGuestLink calendar={calendar.data} size="lg" />}
      />
      {isCalendarClosed(calendar.data) && <ClosedCalendarBanner calendar={calendar.data} />}
      {calendar.data.status !== 'draft' && (
        <PayoutReadinessSection calendarId={calendar.data.id} closed={isCalendarClosed(calendar.data)} />
      )}
      {/* Share first while nobody has joined yet (issue 25); below the details once guests come. */}
      {waitingForGuests && <CalendarShareSection calendar={calendar.data} origin={initial.appUrl} />}
      <CalendarInfoForm key={calendar.data.id} calendar={calendar.data} onClosedMeanwhile={() => calendar.refetch()} />
      {!isCalendarClosed(calendar.data) && <EndScheduleSection calendar={calendar.data} />}
      {!isCalendarClosed(calendar.data) && !waitingForGuests && (
        <CalendarShareSection calendar={calendar.data} origin={initial.appUrl} />
      )}
    </div>
  );
}

type CalendarInfoFormProps = {
  calendar: OwnerCalendar;
  /** A save refused because the calendar ended in the meantime (another tab): the page reloads it. */
  onClosedMeanwhile: () => void;
};

function CalendarInfoForm({ calendar, onClosedMeanwhile }: CalendarInfoFormProps) {
  const t = useT();
  const id = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [photoBusy, setPhotoBusy] = useState(false);
  // A new bank account of a paid calendar waits in the confirmation dialog; its failure shows after it closed.
  const [confirming, setConfirming] = useState<UpdateCalendarRequest | null>(null);
  const { data: user } = useCurrentUser();
  // Also written into the fields themselves: the server draws the form filled in (decision 040).
  const saved = getCalendarInfoValues(calendar);
  // Only what changed from the saved calendar is checked and sent: the resolver follows each save.
  const schema = useMemo(() => createCalendarInfoSchema(calendar, t), [calendar, t]);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    setValue,
    setFocus,
    watch,
    formState: { errors, isSubmitting: saving, isDirty },
  } = useFormCheckedOnSend<CalendarInfoValues, unknown, UpdateCalendarRequest>({
    resolver: zodResolver(schema),
    defaultValues: saved,
  });
  // Registered in the order they are shown, so a refused save focuses the first refused field.
  const titleField = { ...register('title'), defaultValue: saved.title };
  const dueDateField = { ...register('dueDate'), defaultValue: saved.dueDate };
  const background = useController({ control, name: 'background' });
  const coverImage = useController({ control, name: 'coverImageId' });
  const parentsNote = useController({ control, name: 'parentsNote' });
  const bankFields = {
    bankKind: register('bankKind'),
    iban: { ...register('iban'), defaultValue: saved.iban },
    routingNumber: { ...register('routingNumber'), defaultValue: saved.routingNumber },
    sortCode: { ...register('sortCode'), defaultValue: saved.sortCode },
    accountNumber: { ...register('accountNumber'), defaultValue: saved.accountNumber },
  };
  const values = watch();
  // An ended calendar keeps its details as they were: the server refuses every change (409).
  const readOnly = isCalendarClosed(calendar);
  const dirty = !readOnly && isDirty;
  const bankChanged =
    calendar.bankAccount !== null && BANK_ACCOUNT_FIELDS.some((field) => values[field].trim() !== saved[field]);
  const fieldError = (field: keyof CalendarInfoValues) => translateFieldMessage(errors[field]?.message, t);

  async function send(request: UpdateCalendarRequest) {
    const updated = Object.keys(request).length > 0 ? await updateCalendar(calendar.id, request) : calendar;
    queryClient.setQueryData(getCalendarQueryKey(updated.id), updated);
    queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY, exact: true });
    reset(getCalendarInfoValues(updated));
    showSuccessToast(t('calendars.info.saved'));
  }

  function revertBankAccount() {
    // The saved account is valid: re-validating it takes a refusal of the typed one away.
    for (const field of BANK_ACCOUNT_FIELDS) setValue(field, saved[field], { shouldDirty: true, shouldValidate: true });
    setFocus(saved.bankKind === 'iban' ? 'iban' : 'accountNumber');
  }

  function showSaveError(error: unknown) {
    if (error instanceof ApiError && error.code === 'calendar_closed') {
      setProblem(t('calendars.info.closedMeanwhile'));
      onClosedMeanwhile();
      return;
    }
    const fields = error instanceof ApiError ? nameBankAccountErrors(error.fields) : {};
    if (!setFieldErrors(fields, setError, CALENDAR_INFO_FIELDS)) setProblem(getErrorMessage(error));
  }

  const submit = handleSubmit(async (request) => {
    setProblem(null);
    if (needsBankAccountConfirmation(request, calendar)) return setConfirming(request);
    try {
      await send(request);
    } catch (error) {
      showSaveError(error);
    }
  });

  function save(event: FormEvent) {
    if (saving || readOnly) return event.preventDefault();
    if (photoBusy) {
      event.preventDefault();
      return setProblem(t('calendars.wizard.photoStillUploading'));
    }
    void submit(event);
  }

  return (
    <div className={styles.layout}>
      <form
        className={settingsStyles.card}
        noValidate
        onSubmit={save}
        aria-busy={saving}
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('calendars.info.details')}
        </h2>
        {/* One switch for every field of an ended calendar: disabled, yet still read by screen readers. */}
        <fieldset className={styles.fields} disabled={readOnly}>
          <TextField label={t('calendars.info.name')} maxLength={80} error={fieldError('title')} {...titleField} />
          <TextField
            label={t('calendars.info.dueDate')}
            type="date"
            error={fieldError('dueDate')}
            className={settingsStyles.narrowField}
            {...dueDateField}
          />
          <BackgroundPicker
            legend={t('calendars.info.background')}
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
            disabled={readOnly}
            noteRef={parentsNote.field.ref}
          />
          <BankAccountByCountry
            kind={values.bankKind}
            fields={bankFields}
            errorOf={fieldError}
            hints={
              readOnly
                ? { iban: t('calendars.info.ibanHintClosed'), accountNumber: t('calendars.info.ibanHintClosed') }
                : saved.bankKind === values.bankKind && calendar.bankAccount
                  ? {
                      iban: t('calendars.info.ibanHintMasked'),
                      accountNumber: t('calendars.bank.accountNumberHintMasked'),
                    }
                  : { iban: t('calendars.info.ibanHintNew'), accountNumber: t('calendars.info.ibanHintNew') }
            }
            after={
              !readOnly &&
              bankChanged && (
                <button type="button" className={formStyles.linkButton} onClick={revertBankAccount}>
                  <T
                    id={saved.bankKind === 'iban' ? 'calendars.info.revertIban' : 'calendars.bank.revert'}
                    values={{ iban: calendar.bankAccount ?? '', account: calendar.bankAccount ?? '' }}
                    components={{ 0: <span className={settingsStyles.ibanText}>{calendar.bankAccount}</span> }}
                  />
                </button>
              )
            }
          />
          {!readOnly && <PayoutTermsNote />}
          <div>
            <SwitchField
              label={t('calendars.info.hideSenderNames')}
              hint={t('calendars.info.hideSenderNamesHint')}
              defaultChecked={saved.hideSenderNames}
              {...register('hideSenderNames')}
            />
            <SwitchField
              label={t('calendars.info.hideTotal')}
              hint={t('calendars.info.hideTotalHint')}
              defaultChecked={saved.hideTotal}
              {...register('hideTotal')}
            />
          </div>
          <FunGuessSwitches register={register} saved={saved} />
        </fieldset>
        {problem && (
          <p className={settingsStyles.problem} role="alert">
            {problem}
          </p>
        )}
        <div className={styles.actions}>
          <ButtonLink to="/my_calendars" variant="secondary" size="lg">
            {t('calendars.info.backToList')}
          </ButtonLink>
          {!readOnly && (
            <Button id={`${id}-save`} type="submit" size="lg" aria-disabled={saving || undefined}>
              {saving ? t('calendars.wizard.saving') : t('calendars.info.save')}
            </Button>
          )}
        </div>
      </form>
      <UnsavedChangesPrompt dirty={dirty} />
      {confirming && (
        <ConfirmChangeDialog
          newBankAccount={readBankAccountText(confirming)}
          calendar={{ title: values.title.trim() || calendar.title, paid: calendar.status !== 'draft' }}
          hasPassword={user?.has_password ?? true}
          save={(password) => send({ ...confirming, password })}
          onClose={(failure) => {
            setConfirming(null);
            // Focus goes back to the form: to the field the server refused, or to Save.
            if (failure !== undefined) showSaveError(failure);
            else document.getElementById(`${id}-save`)?.focus();
          }}
        />
      )}
      <aside className={styles.aside} aria-label={t('calendars.wizard.preview')}>
        <CalendarPreview
          title={values.title.trim() || calendar.title}
          parentNames={`${calendar.firstName} ${calendar.lastName}`}
          dueDate={values.dueDate}
          background={values.background}
        />
      </aside>
    </div>
  );
}

function Loading() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('calendars.info.title')} />
      <p className={styles.loading} role="status">
        {t('calendars.create.loading')}
      </p>
    </>
  );
}

function LoadProblem({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useT();
  return (
    <>
      <PageHeader title={t('calendars.info.title')} />
      <div className={settingsStyles.problem} role="alert">
        <p>{getErrorMessage(error)}</p>
        <Button onClick={onRetry}>{t('calendars.create.tryAgain')}</Button>
      </div>
    </>
  );
}

function CalendarNotFound() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('calendars.info.title')} />
      <EmptyState
        tone="sun"
        illustration={<SunriseIllustration />}
        title={t('calendars.info.notFoundTitle')}
        actions={
          <ButtonLink to="/my_calendars" size="lg">
            {t('calendars.info.backToList')}
          </ButtonLink>
        }
      >
        <p>{t('calendars.info.notFoundText')}</p>
      </EmptyState>
    </>
  );
}

function NoCalendarYet() {
  const t = useT();
  return (
    <>
      <PageHeader title={t('calendars.info.title')} />
      <EmptyState
        illustration={<CalendarIllustration />}
        title={t('calendars.info.noneTitle')}
        actions={
          <>
            <ButtonLink to="/create_calendar" size="lg">
              {t('calendars.info.createFirst')}
            </ButtonLink>
            <ButtonLink to="/my_calendars" size="lg" variant="secondary">
              {t('calendars.info.backToList')}
            </ButtonLink>
          </>
        }
      >
        <p>{t('calendars.info.noneText')}</p>
      </EmptyState>
    </>
  );
}
