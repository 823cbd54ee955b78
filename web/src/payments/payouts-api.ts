import type {
  PayoutOnboardingLink,
  PayoutReadiness,
  SandboxOnboarding,
  SandboxOnboardingResult,
} from '@firstday/common/payouts';
import { getJson, postJson } from '../lib/api.ts';

export function getPayoutReadinessQueryKey(calendarId: string) {
  return ['calendars', calendarId, 'payout-readiness'] as const;
}

/** `refresh`: back from the provider's page, so the server asks the provider instead of waiting for its event. */
export function getPayoutReadiness(
  calendarId: string,
  { signal, refresh = false }: { signal?: AbortSignal; refresh?: boolean } = {},
): Promise<PayoutReadiness> {
  const query = refresh ? '?refresh=true' : '';
  return getJson<PayoutReadiness>(`/api/calendars/${encodeURIComponent(calendarId)}/payout-readiness${query}`, {
    signal,
  });
}

export function startPayoutOnboarding(calendarId: string): Promise<PayoutOnboardingLink> {
  return postJson<PayoutOnboardingLink>(`/api/calendars/${encodeURIComponent(calendarId)}/payout-onboarding`, {});
}

export function submitSandboxOnboarding(body: SandboxOnboarding): Promise<SandboxOnboardingResult> {
  return postJson<SandboxOnboardingResult>('/api/payouts/sandbox-onboarding', body);
}
