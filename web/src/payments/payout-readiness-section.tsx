import { formatDateTime, formatLongDate, formatMoney } from '@firstday/common/format';
import type { PayoutNeed, PayoutNextStep, PayoutProgress, PayoutReadiness } from '@firstday/common/payouts';
import { SITE } from '@firstday/common/site';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Button, ButtonAnchor } from '../components/button.tsx';
import { ButtonLink } from '../components/button-link.tsx';
import type { MessageId } from '../i18n/namespaces.ts';
import { useLocale, useT } from '../i18n/use-t.tsx';
import { getErrorMessage } from '../lib/error-messages.ts';
import { useHydrated } from '../lib/use-hydrated.ts';
import formStyles from '../styles/form.module.css';
import styles from './payout-readiness.module.css';
import { getPayoutReadiness, getPayoutReadinessQueryKey, startPayoutOnboarding } from './payouts-api.ts';

type StepState = 'done' | 'todo' | 'waiting' | 'blocked';

const NEED_TEXTS: Record<PayoutNeed, MessageId> = {
  date_of_birth: 'payouts.need.date_of_birth',
  address: 'payouts.need.address',
  id_number: 'payouts.need.id_number',
  id_document: 'payouts.need.id_document',
  terms: 'payouts.need.terms',
  bank_account: 'payouts.need.bank_account',
  other: 'payouts.need.other',
};

const NEXT_STEP_TEXTS: Record<PayoutNextStep, MessageId> = {
  pay_fee: 'payouts.next.pay_fee',
  add_bank_account: 'payouts.next.add_bank_account',
  confirm_identity: 'payouts.next.confirm_identity',
  contact_support: 'payouts.next.contact_support',
};

const MARKS: Record<StepState, string> = { done: '✓', todo: '!', waiting: '…', blocked: '✕' };

/** While the provider checks (or a payout is on its way) the page looks again now and then. */
const POLL_MS = 10_000;

/**
 * The checklist's data, asked of the provider at once when back from its identity check
 * (`?onboarding=return`). Calendar Info waits for it too, so the checklist comes with the page
 * instead of pushing the form down under a finger a moment later; its server read starts the query.
 */
export function usePayoutReadiness(calendarId: string, initialData?: PayoutReadiness) {
  const [searchParams] = useSearchParams();
  const refresh = searchParams.get('onboarding') === 'return';
  return useQuery({
    queryKey: getPayoutReadinessQueryKey(calendarId),
    queryFn: ({ signal }) => getPayoutReadiness(calendarId, { signal, refresh }),
    // What the server read for the page's first HTML (Calendar Info's loader).
    initialData,
    refetchInterval: (query) => (isWaiting(query.state.data) ? POLL_MS : false),
  });
}

/**
 * The calendar's payout readiness (issue 24): fee, bank account, identity, ready; when something
 * blocks a payout, the exact reason and the one next step; after the announcement, the payout.
 * `closed`: the birth was announced (or the calendar closed), so no 'when you announce'.
 * Back from the provider's identity check (`?onboarding=return`) it asks the provider at once
 * (usePayoutReadiness); sent back because the link expired (`?onboarding=refresh`) it opens a new one.
 */
export function PayoutReadinessSection({ calendarId, closed }: { calendarId: string; closed: boolean }) {
  const t = useT();
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const returning = searchParams.get('onboarding');
  const readiness = usePayoutReadiness(calendarId);
  const onboarding = useMutation({
    mutationFn: () => startPayoutOnboarding(calendarId),
    onSuccess: ({ url }) => window.location.assign(url),
  });
  const reopened = useRef(false);
  useEffect(() => {
    if (returning === 'refresh' && !reopened.current) {
      reopened.current = true;
      onboarding.mutate();
    }
    if (returning === 'return' && readiness.isSuccess) {
      setSearchParams(
        (params) => {
          params.delete('onboarding');
          return params;
        },
        { replace: true },
      );
    }
  }, [returning, readiness.isSuccess, onboarding, setSearchParams]);

  if (!readiness.data) {
    return (
      <section className={styles.card} aria-labelledby={titleId} aria-busy={readiness.isPending}>
        <h2 id={titleId} className={styles.title}>
          {t('payouts.readiness.title')}
        </h2>
        {readiness.isError && <p className={formStyles.fieldError}>{getErrorMessage(readiness.error)}</p>}
      </section>
    );
  }
  const data = readiness.data;
  const steps: { label: MessageId; state: StepState }[] = [
    { label: 'payouts.step.fee', state: data.feePaid ? 'done' : 'todo' },
    { label: 'payouts.step.bank_account', state: data.bankAccount ? 'done' : 'todo' },
    { label: 'payouts.step.identity', state: getIdentityStepState(data) },
    { label: 'payouts.step.ready', state: data.ready ? 'done' : data.identity === 'rejected' ? 'blocked' : 'waiting' },
  ];
  return (
    <section className={styles.card} aria-labelledby={titleId} data-testid="payout-readiness">
      <h2 id={titleId} className={styles.title}>
        {t('payouts.readiness.title')}
      </h2>
      <p className={styles.lead}>{t('payouts.readiness.lead')}</p>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.label} className={`${styles.step} ${styles[step.state]}`} data-state={step.state}>
            <span className={styles.mark} aria-hidden="true">
              {MARKS[step.state]}
            </span>
            <span className={styles.stepLabel}>{t(step.label)}</span>
            <span className={styles.stepState}>{t(`payouts.state.${step.state}`)}</span>
          </li>
        ))}
      </ol>
      {data.blocker ? (
        <div className={styles.next} role="status">
          <p className={styles.reason}>
            <BlockerReason readiness={data} />
          </p>
          {data.blocker.reason === 'identity_needed' && <p className={styles.hint}>{t('payouts.readiness.hint')}</p>}
          {data.blocker.nextStep && (
            <NextStep
              calendarId={calendarId}
              step={data.blocker.nextStep}
              busy={onboarding.isPending || onboarding.isSuccess}
              onConfirmIdentity={() => onboarding.mutate()}
            />
          )}
          {onboarding.isError && <p className={formStyles.fieldError}>{getErrorMessage(onboarding.error)}</p>}
        </div>
      ) : (
        <p className={styles.reason} role="status">
          {closed ? t('payouts.readiness.allSetClosed') : t('payouts.readiness.allSet')}
        </p>
      )}
      {data.payout && (
        <p className={styles.payout} data-testid="payout-progress">
          <PayoutProgressText payout={data.payout} />
        </p>
      )}
    </section>
  );
}

function isWaiting(data: PayoutReadiness | undefined): boolean {
  if (!data) return false;
  return data.identity === 'checking' || data.payout?.status === 'on_its_way' || data.payout?.status === 'paused';
}

function getIdentityStepState(data: PayoutReadiness): StepState {
  switch (data.identity) {
    case 'confirmed':
      return 'done';
    case 'checking':
      return 'waiting';
    case 'rejected':
      return 'blocked';
    default:
      return 'todo';
  }
}

function BlockerReason({ readiness }: { readiness: PayoutReadiness }) {
  const t = useT();
  const locale = useLocale();
  switch (readiness.blocker?.reason) {
    case 'fee_unpaid':
      return t('payouts.reason.fee_unpaid');
    case 'bank_account_missing':
      return t('payouts.reason.bank_account_missing');
    case 'identity_needed': {
      if (readiness.needs.length === 0) return t('payouts.reason.identity_start');
      const needs = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
        readiness.needs.map((need) => t(NEED_TEXTS[need])),
      );
      return t('payouts.reason.identity_needed', { needs });
    }
    case 'identity_checking':
      return t('payouts.reason.identity_checking');
    case 'identity_rejected':
      return t('payouts.reason.identity_rejected');
    default:
      return null;
  }
}

function NextStep({
  calendarId,
  step,
  busy,
  onConfirmIdentity,
}: {
  calendarId: string;
  step: PayoutNextStep;
  busy: boolean;
  onConfirmIdentity: () => void;
}) {
  const t = useT();
  const label = t(NEXT_STEP_TEXTS[step]);
  switch (step) {
    case 'pay_fee':
      return <ButtonLink to={`/create_calendar?draft=${encodeURIComponent(calendarId)}`}>{label}</ButtonLink>;
    case 'add_bank_account':
      return <ButtonAnchor href="#bank-account">{label}</ButtonAnchor>;
    case 'confirm_identity':
      return (
        <Button onClick={onConfirmIdentity} disabled={busy} aria-busy={busy}>
          {busy ? t('payouts.readiness.opening') : label}
        </Button>
      );
    case 'contact_support':
      return <ButtonAnchor href={`mailto:${SITE.supportEmail}`}>{label}</ButtonAnchor>;
  }
}

function PayoutProgressText({ payout }: { payout: PayoutProgress }) {
  const t = useT();
  const locale = useLocale();
  // The server does not know the parent's time zone: its HTML (and the hydration) says UTC.
  const hydrated = useHydrated();
  const amount = formatMoney(payout.amount, { currency: payout.currency, locale });
  switch (payout.status) {
    case 'on_its_way':
      return t('payouts.payout.on_its_way', { amount });
    case 'paid':
      return t('payouts.payout.paid', { amount, date: formatLongDate(payout.paidOn.slice(0, 10), locale) });
    case 'failed':
      return t('payouts.payout.failed', { amount });
    case 'paused':
      return payout.because === 'identity'
        ? t('payouts.payout.paused_identity', { amount })
        : t('payouts.payout.paused_hold', {
            amount,
            time: hydrated
              ? formatDateTime(payout.until ?? new Date(), { locale })
              : `${formatDateTime(payout.until ?? new Date(), { locale, timeZone: 'UTC' })} UTC`,
          });
  }
}
