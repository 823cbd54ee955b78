import { UNSUPPORTED_BANK_COUNTRY_MESSAGE } from '@firstday/common/bank-account';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { IbanField, TextField } from '../components/text-field.tsx';
import { messageId, useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import { type BankAccountField, type BankKind, keepMaskedSelection, selectMaskedValue } from './bank-account-values.ts';
import { translateFieldMessage } from './field-messages.ts';
import styles from './wizard.module.css';
import type { WizardValues } from './wizard-state.ts';

type BankField = 'ibanChoice' | BankAccountField;

type BankAccountFieldsProps = {
  /** Masked; offered as a choice, since it cannot be edited as text. */
  savedBankAccount: string | null;
  /** Whether the saved one is the account's (copied into the calendar) or this draft's own. */
  fromAccount: boolean;
  values: Pick<WizardValues, 'ibanChoice' | 'bankKind'>;
  fields: { [Field in BankField]: UseFormRegisterReturn<Field> };
  errorOf: (field: BankField) => string | undefined;
};

const BANK_KINDS = {
  iban: messageId('calendars.bank.iban'),
  us: messageId('calendars.bank.us'),
  gb: messageId('calendars.bank.gb'),
  other: messageId('calendars.bank.other'),
} as const satisfies Record<BankKind, string>;

/**
 * Wizard step 1's bank account: the saved one, or a new one written as its bank's country writes
 * it (bank-account.ts). A country gifts cannot be paid out to is named at once, before the fee.
 */
export function BankAccountFields({ savedBankAccount, fromAccount, values, fields, errorOf }: BankAccountFieldsProps) {
  const t = useT();
  const newAccount = <BankAccountByCountry kind={values.bankKind} fields={fields} errorOf={errorOf} />;
  if (!savedBankAccount) return newAccount;
  return (
    <fieldset className={styles.ibanChoice}>
      <legend className={styles.legend}>{t('calendars.wizard.ibanLegend')}</legend>
      <label className={styles.choice}>
        {/* Checked in the HTML too: /create_calendar's first paint comes from the server (decision 036). */}
        <input type="radio" value="saved" defaultChecked={values.ibanChoice === 'saved'} {...fields.ibanChoice} />
        <span>
          {fromAccount ? t('calendars.wizard.bankFromAccount') : t('calendars.wizard.bankFromCalendar')}
          <span className={styles.masked}>{savedBankAccount}</span>
        </span>
      </label>
      <label className={styles.choice}>
        <input type="radio" value="new" defaultChecked={values.ibanChoice === 'new'} {...fields.ibanChoice} />
        <span>{t('calendars.wizard.bankAnother')}</span>
      </label>
      {values.ibanChoice === 'new' && newAccount}
    </fieldset>
  );
}

type BankAccountByCountryProps = {
  kind: BankKind;
  fields: { [Field in BankAccountField]: UseFormRegisterReturn<Field> };
  errorOf: (field: BankAccountField) => string | undefined;
  /** Instead of the wizard's hints: a saved account's, shown masked, or an ended calendar's. */
  hints?: { iban?: string; accountNumber?: string };
  /** Below the numbers, e.g. a button that brings the saved account back. */
  after?: ReactNode;
};

/**
 * A bank account as its bank's country writes it (bank-account.ts): where the bank is, then its
 * numbers. The one way the wizard, Calendar Info and Account Settings take a payout account; a
 * masked value in a field (a saved account) is selected on focus, so typing replaces it.
 */
export function BankAccountByCountry({ kind, fields, errorOf, hints = {}, after }: BankAccountByCountryProps) {
  const t = useT();
  const kindError = errorOf('bankKind');
  const unsupported =
    kind === 'other' && !kindError ? translateFieldMessage(UNSUPPORTED_BANK_COUNTRY_MESSAGE, t) : null;
  return (
    <div className={styles.bankAccount}>
      <fieldset className={styles.ibanChoice} aria-describedby={kindError ? 'bank-kind-error' : undefined}>
        <legend className={styles.legend}>{t('calendars.bank.legend')}</legend>
        <div className={styles.bankKinds}>
          {(Object.keys(BANK_KINDS) as BankKind[]).map((option) => (
            <label key={option} className={styles.choice}>
              <input
                type="radio"
                value={option}
                defaultChecked={kind === option}
                aria-invalid={kindError ? true : undefined}
                {...fields.bankKind}
              />
              <span>{t(BANK_KINDS[option])}</span>
            </label>
          ))}
        </div>
        {kindError && (
          <p id="bank-kind-error" className={formStyles.fieldError}>
            {kindError}
          </p>
        )}
        {unsupported && (
          <p className={formStyles.fieldError} role="status">
            {unsupported}
          </p>
        )}
      </fieldset>
      <div className={styles.bankNumbers}>
        {kind === 'iban' && (
          <IbanField
            error={errorOf('iban')}
            hint={hints.iban ?? t('calendars.wizard.ibanHint')}
            {...fields.iban}
            onFocus={selectMaskedValue}
            onMouseUp={keepMaskedSelection}
          />
        )}
        {kind === 'us' && (
          <>
            <TextField
              label={t('calendars.bank.routingNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('calendars.bank.routingNumberHint')}
              error={errorOf('routingNumber')}
              {...fields.routingNumber}
            />
            <TextField
              label={t('calendars.bank.accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={hints.accountNumber ?? t('calendars.wizard.ibanHint')}
              error={errorOf('accountNumber')}
              {...fields.accountNumber}
              onFocus={selectMaskedValue}
              onMouseUp={keepMaskedSelection}
            />
          </>
        )}
        {kind === 'gb' && (
          <>
            <TextField
              label={t('calendars.bank.sortCode')}
              inputMode="numeric"
              autoComplete="off"
              hint={t('calendars.bank.sortCodeHint')}
              error={errorOf('sortCode')}
              {...fields.sortCode}
            />
            <TextField
              label={t('calendars.bank.accountNumber')}
              inputMode="numeric"
              autoComplete="off"
              hint={hints.accountNumber ?? t('calendars.bank.ukAccountNumberHint')}
              error={errorOf('accountNumber')}
              {...fields.accountNumber}
              onFocus={selectMaskedValue}
              onMouseUp={keepMaskedSelection}
            />
          </>
        )}
        {after && <div>{after}</div>}
      </div>
    </div>
  );
}
