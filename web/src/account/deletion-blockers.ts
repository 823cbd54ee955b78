import type { AccountDeletionBlocker, AccountDeletionCheck } from '@firstday/common/account';
import { formatMoney } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { Translate } from '../i18n/use-t.tsx';

/** Blockers that clear by themselves (money on its way): the dialog follows them without a reload. */
export function isDeletionSettling(check: AccountDeletionCheck | undefined): boolean {
  return Boolean(
    check?.blockers.some((blocker) => blocker.reason === 'settling' || blocker.reason === 'payment_in_progress'),
  );
}

/** What an open calendar holds, e.g. '2 gifts ($37)'. */
export function describeHeldGifts(
  blocker: Pick<AccountDeletionBlocker, 'gifts'>,
  t: Translate,
  locale: Locale,
): string {
  return t('account.deletion.heldGifts', {
    count: blocker.gifts.count,
    amount: formatMoney(blocker.gifts.amount, { locale, currency: blocker.gifts.currency }),
  });
}

/** One line per movement of money still under way, e.g. 'Refunding 2 gifts ($37)…'. */
export function describeProgress(blocker: AccountDeletionBlocker, t: Translate, locale: Locale): string[] {
  const lines: string[] = [];
  if (blocker.refunds.count > 0) {
    lines.push(
      t('account.deletion.refunding', {
        count: blocker.refunds.count,
        amount: formatMoney(blocker.refunds.amount, { locale, currency: blocker.refunds.currency }),
      }),
    );
  }
  if (blocker.payout?.status === 'pending') {
    lines.push(
      t('account.deletion.payoutOnItsWay', {
        amount: formatMoney(blocker.payout.amount, { locale, currency: blocker.payout.currency }),
      }),
    );
  }
  if (blocker.paymentsInProgress > 0) {
    lines.push(
      blocker.reason === 'payment_in_progress'
        ? t('account.deletion.feeBeingConfirmed')
        : t('account.deletion.paymentsBeingConfirmed', { count: blocker.paymentsInProgress }),
    );
  }
  return lines;
}
