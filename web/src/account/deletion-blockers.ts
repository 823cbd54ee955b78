import type { AccountDeletionBlocker, AccountDeletionCheck } from '@firstday/common/account';
import { formatMoney } from '@firstday/common/format';

function countGifts(count: number): string {
  return `${count} gift${count === 1 ? '' : 's'}`;
}

/** Blockers that clear by themselves (money on its way): the dialog follows them without a reload. */
export function isDeletionSettling(check: AccountDeletionCheck | undefined): boolean {
  return Boolean(
    check?.blockers.some((blocker) => blocker.reason === 'settling' || blocker.reason === 'payment_in_progress'),
  );
}

/** What an open calendar holds, e.g. '2 gifts ($37)'. */
export function describeHeldGifts(blocker: Pick<AccountDeletionBlocker, 'gifts'>): string {
  return `${countGifts(blocker.gifts.count)} (${formatMoney(blocker.gifts.amountCents)})`;
}

/** One line per movement of money still under way, e.g. 'Refunding 2 gifts ($37)…'. */
export function describeProgress(blocker: AccountDeletionBlocker): string[] {
  const lines: string[] = [];
  if (blocker.refunds.count > 0) {
    lines.push(`Refunding ${countGifts(blocker.refunds.count)} (${formatMoney(blocker.refunds.amountCents)})…`);
  }
  if (blocker.payout?.status === 'pending') {
    lines.push(`Payout of ${formatMoney(blocker.payout.amountCents)} on its way to your bank account…`);
  }
  if (blocker.paymentsInProgress > 0) {
    const count = blocker.paymentsInProgress;
    lines.push(
      blocker.reason === 'payment_in_progress'
        ? 'The creation fee is still being confirmed…'
        : `${count} payment${count === 1 ? ' is' : 's are'} still being confirmed…`,
    );
  }
  return lines;
}
