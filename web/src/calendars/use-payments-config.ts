import { useQuery } from '@tanstack/react-query';
import { getPaymentsConfig } from './calendars-api.ts';

/** This deployment's payment provider (sandbox or Stripe), read once per page load. */
export function usePaymentsConfig() {
  return useQuery({ queryKey: ['payments-config'], queryFn: getPaymentsConfig, staleTime: Number.POSITIVE_INFINITY });
}
