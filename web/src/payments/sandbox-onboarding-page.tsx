import {
  SandboxDetailsSchema,
  type SandboxOnboardingResult,
  SANDBOX_ONBOARDING_TEST_VALUES as VALUES,
} from '@firstday/common/payouts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import { TextField } from '../components/text-field.tsx';
import { useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { useFormCheckedOnSend } from '../lib/use-form-checked-on-send.ts';
import { PageHeader } from '../shell/page-header.tsx';
import formStyles from '../styles/form.module.css';
import styles from './payout-readiness.module.css';
import { submitSandboxOnboarding } from './payouts-api.ts';

export function meta() {
  return [{ title: 'Confirm your identity – Firstday' }];
}

const DetailsSchema = SandboxDetailsSchema.omit({ step: true, account: true });
type DetailsValues = { dateOfBirth: string; addressLine1: string; postalCode: string; city: string; idNumber: string };
type Document = typeof VALUES.passingDocument | typeof VALUES.failingDocument;

/**
 * `/sandbox_onboarding?account=…&return=…`: where the sandbox provider's onboarding link leads (no
 * Stripe keys), standing in for Stripe's hosted identity check. It takes Stripe's test values,
 * listed on the page: they pass, ask for a document, or are rejected.
 */
export default function SandboxOnboardingPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const account = searchParams.get('account');
  const back = getReturnPath(searchParams.get('return'));
  const [result, setResult] = useState<SandboxOnboardingResult | null>(null);
  // The link opens on the document step when that is what is due (sandbox-provider.ts).
  const showDocument = result ? result.needs.includes('id_document') : searchParams.get('step') === 'document';
  return (
    <div className={styles.onboardingPage}>
      <PageHeader title={t('payouts.sandbox.title')} lead={t('payouts.sandbox.lead')} />
      <section className={styles.card} aria-label={t('payouts.sandbox.testValues')}>
        <h2 className={styles.title}>
          {t('payouts.sandbox.testValues')} <span className={styles.badge}>{t('payouts.sandbox.badge')}</span>
        </h2>
        <ul className={styles.testValues}>
          <li>{t('payouts.sandbox.valuePass', { date: VALUES.passingDateOfBirth, id: VALUES.passingIdNumber })}</li>
          <li>{t('payouts.sandbox.valueDocument', { id: VALUES.documentIdNumber })}</li>
          <li>{t('payouts.sandbox.valueRejected', { date: VALUES.rejectedDateOfBirth })}</li>
        </ul>
      </section>
      {!account ? (
        <p className={formStyles.fieldError}>{t('payouts.sandbox.invalidLink')}</p>
      ) : result?.identity === 'confirmed' || result?.identity === 'rejected' ? (
        <section className={styles.card}>
          <p className={styles.reason} role="status">
            {result.identity === 'confirmed' ? t('payouts.sandbox.confirmed') : t('payouts.sandbox.rejected')}
          </p>
          <ButtonLink to={back}>{t('payouts.sandbox.back')}</ButtonLink>
        </section>
      ) : showDocument ? (
        <DocumentStep account={account} onResult={setResult} />
      ) : (
        <DetailsStep account={account} onResult={setResult} />
      )}
    </div>
  );
}

/** Only a path of this site: the link's `return` is ours, but a crafted one must not lead away. */
function getReturnPath(value: string | null): string {
  if (!value) return '/my_calendars';
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : '/my_calendars';
  } catch {
    return '/my_calendars';
  }
}

function DetailsStep({ account, onResult }: { account: string; onResult: (result: SandboxOnboardingResult) => void }) {
  const t = useT();
  const form = useFormCheckedOnSend<DetailsValues>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: { dateOfBirth: '', addressLine1: '', postalCode: '', city: '', idNumber: '' },
  });
  const send = useMutation({
    mutationFn: (values: DetailsValues) => submitSandboxOnboarding({ step: 'details', account, ...values }),
    onSuccess: onResult,
  });
  const { errors } = form.formState;
  return (
    <form className={styles.card} noValidate onSubmit={form.handleSubmit((values) => send.mutate(values))}>
      <TextField
        label={t('payouts.sandbox.dateOfBirth')}
        type="date"
        error={errors.dateOfBirth?.message}
        {...form.register('dateOfBirth')}
      />
      <TextField
        label={t('payouts.sandbox.addressLine1')}
        autoComplete="address-line1"
        error={errors.addressLine1?.message}
        {...form.register('addressLine1')}
      />
      <TextField
        label={t('payouts.sandbox.postalCode')}
        autoComplete="postal-code"
        error={errors.postalCode?.message}
        {...form.register('postalCode')}
      />
      <TextField
        label={t('payouts.sandbox.city')}
        autoComplete="address-level2"
        error={errors.city?.message}
        {...form.register('city')}
      />
      <TextField
        label={t('payouts.sandbox.idNumber')}
        inputMode="numeric"
        error={errors.idNumber?.message}
        {...form.register('idNumber')}
      />
      {send.isError && <p className={formStyles.fieldError}>{getErrorMessage(send.error)}</p>}
      <Button type="submit" disabled={send.isPending}>
        {t('payouts.sandbox.submit')}
      </Button>
    </form>
  );
}

function DocumentStep({ account, onResult }: { account: string; onResult: (result: SandboxOnboardingResult) => void }) {
  const t = useT();
  const name = useId();
  const [document, setDocument] = useState<Document>(VALUES.passingDocument);
  const [unreadable, setUnreadable] = useState(false);
  const send = useMutation({
    mutationFn: () => submitSandboxOnboarding({ step: 'document', account, document }),
    onSuccess: (result) => {
      setUnreadable(result.needs.includes('id_document'));
      onResult(result);
    },
  });
  const options: { value: Document; label: string }[] = [
    { value: VALUES.passingDocument, label: t('payouts.sandbox.documentSuccess') },
    { value: VALUES.failingDocument, label: t('payouts.sandbox.documentFailure') },
  ];
  function submit(event: FormEvent) {
    event.preventDefault();
    send.mutate();
  }
  return (
    <form className={styles.card} onSubmit={submit}>
      <h2 className={styles.title}>{t('payouts.sandbox.documentTitle')}</h2>
      <fieldset className={styles.documents}>
        <legend className={styles.lead}>{t('payouts.sandbox.documentLead')}</legend>
        {options.map((option) => (
          <label key={option.value} className={styles.documentChoice}>
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={document === option.value}
              onChange={() => setDocument(option.value)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </fieldset>
      {unreadable && (
        <p className={formStyles.fieldError} role="alert">
          {t('payouts.sandbox.documentUnreadable')}
        </p>
      )}
      {send.isError && <p className={formStyles.fieldError}>{getErrorMessage(send.error)}</p>}
      <Button type="submit" disabled={send.isPending}>
        {t('payouts.sandbox.submit')}
      </Button>
    </form>
  );
}
