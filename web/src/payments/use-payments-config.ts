import type { PublicConfig } from '@firstday/common/config';
import { useQuery } from '@tanstack/react-query';
import { getPublicConfig } from '../lib/public-config.ts';
import { useAfterFirstTask } from '../lib/use-after-first-task.ts';

export type PaymentsConfig = PublicConfig['payments'];

/** The payments part of GET /api/config. */
export async function getPaymentsConfig(): Promise<PaymentsConfig> {
  return (await getPublicConfig()).payments;
}

/**
 * This deployment's payment provider (sandbox or Stripe), read once per page load, a task after the
 * first component that asks mounts (out of the page's hydration; later ones find it cached).
 */
export function usePaymentsConfig() {
  return useQuery({
    queryKey: ['payments-config'],
    queryFn: getPaymentsConfig,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: useAfterFirstTask(),
  });
}
