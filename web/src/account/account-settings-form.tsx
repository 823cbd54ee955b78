import type { CurrentUser } from '@firstday/common/account';
import type { AccountSettings } from '@firstday/common/account-settings';
import { formatCurrencySymbol } from '@firstday/common/format';
import { LOCALE_NAMES, LOCALES } from '@firstday/common/locales';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { BankAccountByCountry } from '../calendars/bank-account-fields.tsx';
import { BANK_ACCOUNT_FIELDS, getSavedBankAccountValues } from '../calendars/bank-account-values.ts';
import { translateFieldMessage } from '../calendars/field-messages.ts';
import { Button } from '../components/button.tsx';
import { SwitchField } from '../components/switch-field.tsx';
import { TextField } from '../components/text-field.tsx';
import { UnsavedChangesPrompt } from '../components/unsaved-changes-prompt.tsx';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { ApiError } from '../lib/api.ts';
import { getErrorMessage } from '../lib/error-messages.ts';
import { loadOnce } from '../lib/load-once.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { showSuccessToast } from '../shell/app-toast.ts';
import formStyles from '../styles/form.module.css';
import { saveAccountSettings } from './account-api.ts';
import { CalendarPayoutIbans } from './calendar-payout-ibans.tsx';
import { ConfirmChangeDialog } from './confirm-change-dialog.tsx';
import styles from './settings-page.module.css';
import {
  getSettingsFormValues,
  mapApiFieldErrors,
  type SensitiveSettingsChange,
  type SettingsField,
  type SettingsFieldErrors,
  type SettingsFormValues,
} from './settings-values.ts';
import { CURRENT_USER_QUERY_KEY } from './use-current-user.ts';

function toFieldErrors(errors: SettingsFieldErrors): FieldErrors<SettingsFormValues> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, { type: 'validate', message }]),
  ) as FieldErrors<SettingsFormValues>;
}

// The checks (the server's schema, zod) load when the form is first touched or, at the latest, sent:
// Settings hydrates without them (decision 036).
const loadSettingsChecks = loadOnce(() => import('./settings-checks.ts'));
const warmSettingsChecks = () => void loadSettingsChecks().catch(() => {});

/** Profile, savings goal, bank details and calendar defaults: one form, one Save. */
export function AccountSettingsForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const queryClient = useQueryClient();
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // A new bank account or e-mail address waits in the confirmation dialog; its failure shows after it closed.
  const [confirming, setConfirming] = useState<{ request: AccountSettings; change: SensitiveSettingsChange } | null>(
    null,
  );
  // The resolver must compare with the masked account of the latest save, not the first render's.
  const maskedIbanRef = useRef(user.IBAN);
  maskedIbanRef.current = user.IBAN;

  const resolver: Resolver<SettingsFormValues> = async (values) => {
    const { validateSettings } = await loadSettingsChecks();
    const result = validateSettings(values, maskedIbanRef.current);
    return result.success ? { values, errors: {} } : { values: {}, errors: toFieldErrors(result.errors) };
  };
  // Written into the fields' HTML too: the page is rendered on the server (decision 036), and
  // react-hook-form sets a registered field's value only once the scripts run.
  const savedValues = getSettingsFormValues(user, locale);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    clearErrors,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useFormCheckedOnSend<SettingsFormValues>({ defaultValues: savedValues, resolver });

  // Another tab or a refetch may bring newer values; the form follows while it is untouched. Only
  // when they differ: the account comes again with the same values (the shell saves the page's
  // language), and a reset would clear the errors of a send made just before.
  const savedKey = JSON.stringify(savedValues);
  useEffect(() => {
    reset(JSON.parse(savedKey) as SettingsFormValues, { keepDirtyValues: true });
  }, [savedKey, reset]);

  async function send(request: AccountSettings) {
    const { pending_email, ...saved } = await saveAccountSettings(request);
    queryClient.setQueryData(CURRENT_USER_QUERY_KEY, saved);
    reset(getSettingsFormValues(saved, locale));
    setPendingEmail(pending_email ?? null);
    showSuccessToast(t('account.settings.saved'));
  }

  function showSaveError(error: unknown) {
    const fieldErrors = error instanceof ApiError ? mapApiFieldErrors(error.fields) : {};
    const fields = Object.keys(fieldErrors) as SettingsField[];
    for (const field of fields) setError(field, { type: 'server', message: fieldErrors[field] });
    if (fields[0]) setFocus(fields[0]);
    else setProblem(getErrorMessage(error, t));
  }

  const save = handleSubmit(async (values) => {
    const { validateSettings, findSensitiveChange } = await loadSettingsChecks();
    const result = validateSettings(values, maskedIbanRef.current);
    if (!result.success) return;
    setProblem(null);
    const change = findSensitiveChange(result.request, user);
    if (change) return setConfirming({ request: result.request, change });
    try {
      await send(result.request);
    } catch (error) {
      showSaveError(error);
    }
  });

  const bankFields = {
    bankKind: register('bankKind'),
    iban: { ...register('iban'), defaultValue: savedValues.iban },
    routingNumber: { ...register('routingNumber'), defaultValue: savedValues.routingNumber },
    sortCode: { ...register('sortCode'), defaultValue: savedValues.sortCode },
    accountNumber: { ...register('accountNumber'), defaultValue: savedValues.accountNumber },
  };
  const bankKind = watch('bankKind');
  const savingsGoalCurrency = watch('savingsGoalCurrency');
  const savedBank = getSavedBankAccountValues(user.IBAN);
  // Anything but the masked account in the fields is a new one: it can always go back to the saved one.
  const bankChanged =
    user.IBAN !== null && BANK_ACCOUNT_FIELDS.some((field) => watch(field).trim() !== savedBank[field]);

  function revertBankAccount() {
    for (const field of BANK_ACCOUNT_FIELDS) setValue(field, savedBank[field], { shouldDirty: true });
    clearErrors([...BANK_ACCOUNT_FIELDS]);
    setFocus(savedBank.bankKind === 'iban' ? 'iban' : 'accountNumber');
  }

  return (
    <>
      <form
        className={styles.card}
        noValidate
        onSubmit={save}
        onFocus={warmSettingsChecks}
        onPointerDown={warmSettingsChecks}
        aria-busy={isSubmitting}
        aria-labelledby={`${id}-title`}
      >
        <h2 id={`${id}-title`} className="visually-hidden">
          {t('account.settings.formTitle')}
        </h2>

        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>{t('account.settings.detailsTitle')}</legend>
          <div className={styles.twoColumns}>
            <TextField
              label={t('auth.signUp.name')}
              autoComplete="name"
              error={errors.name?.message}
              defaultValue={savedValues.name}
              {...register('name')}
            />
            <TextField
              label={t('account.settings.email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              error={errors.email?.message}
              hint={t('account.settings.emailHint')}
              defaultValue={savedValues.email}
              {...register('email')}
            />
          </div>
          <div className={`${formStyles.field} ${styles.narrowField}`}>
            <label htmlFor={`${id}-locale`} className={formStyles.label}>
              {t('account.settings.language')}
            </label>
            <select
              id={`${id}-locale`}
              className={formStyles.input}
              aria-describedby={`${id}-locale-hint`}
              defaultValue={savedValues.locale}
              {...register('locale')}
            >
              {LOCALES.map((option) => (
                <option key={option} value={option} lang={option}>
                  {LOCALE_NAMES[option]}
                </option>
              ))}
            </select>
            <p id={`${id}-locale-hint`} className={formStyles.hint}>
              {t('account.settings.languageHint')}
            </p>
          </div>
          {pendingEmail && (
            <p className={styles.notice} role="status">
              <T
                id="account.settings.pendingEmail"
                values={{ email: pendingEmail }}
                components={{ 0: <strong>{pendingEmail}</strong> }}
              />
            </p>
          )}
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>{t('account.settings.savingsTitle')}</legend>
          <TextField
            label={t('account.settings.savingsLabel', { currency: savingsGoalCurrency })}
            prefix={formatCurrencySymbol(savingsGoalCurrency, locale)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="5,000"
            className={styles.narrowField}
            error={errors.savingsGoal?.message}
            hint={t('account.settings.savingsHint')}
            defaultValue={savedValues.savingsGoal}
            {...register('savingsGoal')}
          />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>{t('account.settings.bankTitle')}</legend>
          <BankAccountByCountry
            kind={bankKind}
            fields={bankFields}
            errorOf={(field) => translateFieldMessage(errors[field]?.message, t)}
            hints={
              user.IBAN && bankKind === savedBank.bankKind
                ? {
                    iban: t('account.settings.ibanHintSaved'),
                    accountNumber: t('account.settings.accountNumberHintSaved'),
                  }
                : { iban: t('account.settings.ibanHintNone'), accountNumber: t('account.settings.bankHintNone') }
            }
            after={
              bankChanged && (
                <button type="button" className={formStyles.linkButton} onClick={revertBankAccount}>
                  <T
                    id={savedBank.bankKind === 'iban' ? 'account.settings.revertIban' : 'calendars.bank.revert'}
                    values={{ iban: user.IBAN ?? '', account: user.IBAN ?? '' }}
                    components={{ 0: <span className={styles.ibanText}>{user.IBAN}</span> }}
                  />
                </button>
              )
            }
          />
          <CalendarPayoutIbans />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>{t('account.settings.defaultsTitle')}</legend>
          <SwitchField
            label={t('account.settings.hideSenderNames')}
            hint={t('account.settings.hideSenderNamesHint')}
            defaultChecked={savedValues.hideSenderNamesDefault}
            {...register('hideSenderNamesDefault')}
          />
          <SwitchField
            label={t('account.settings.hideTotal')}
            hint={t('account.settings.hideTotalHint')}
            defaultChecked={savedValues.hideTotalDefault}
            {...register('hideTotalDefault')}
          />
        </fieldset>

        <fieldset className={styles.group}>
          <legend className={styles.groupTitle}>{t('account.settings.emailsTitle')}</legend>
          <SwitchField
            label={t('account.settings.giftNotifications')}
            hint={t('account.settings.giftNotificationsHint')}
            defaultChecked={savedValues.giftNotifications}
            {...register('giftNotifications')}
          />
        </fieldset>

        {problem && (
          <p className={styles.problem} role="alert">
            {problem}
          </p>
        )}

        <div className={styles.formActions}>
          <Button id={`${id}-save`} type="submit" size="lg" aria-disabled={isSubmitting || undefined}>
            {t(isSubmitting ? 'auth.reset.saving' : 'account.settings.save')}
          </Button>
        </div>
      </form>
      {confirming && (
        <ConfirmChangeDialog
          newBankAccount={confirming.change.newBankAccount}
          newEmail={confirming.change.newEmail}
          hasPassword={user.has_password}
          save={(password) => send({ ...confirming.request, password })}
          onClose={(failure) => {
            setConfirming(null);
            // Focus goes back to the form: to the field the server refused, or to Save.
            if (failure !== undefined) showSaveError(failure);
            else document.getElementById(`${id}-save`)?.focus();
          }}
        />
      )}
      <UnsavedChangesPrompt dirty={isDirty} />
    </>
  );
}
