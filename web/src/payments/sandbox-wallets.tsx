import type { Currency } from '@firstday/common/currency';
import { formatMoney } from '@firstday/common/format';
import { useId, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import dialogStyles from '../components/modal-dialog.module.css';
import { ModalDialog } from '../components/modal-dialog.tsx';
import { useLocale, useT } from '../i18n/use-t.tsx';
import styles from './sandbox-wallets.module.css';

export type Wallet = 'apple_pay' | 'google_pay';

const WALLET_NAMES: Record<Wallet, string> = { apple_pay: 'Apple Pay', google_pay: 'Google Pay' };

type SandboxWalletsProps = {
  /** Minor units of `currency`. */
  amount: number;
  /** The calendar's: the sheet shows the amount in it. */
  currency: Currency;
  /** What is paid for, shown on the sheet: 'Calendar creation fee', 'Gift to “Baby Rose”'. */
  description: string;
  disabled: boolean;
  /** Called only after the sheet is confirmed; cancelling (button or Escape) pays nothing. */
  onConfirm: (wallet: Wallet) => void;
};

/**
 * The sandbox's Apple Pay and Google Pay buttons. Like the real wallets, a button opens a sheet
 * with the amount, and only its confirmation pays: one stray click never does.
 */
export function SandboxWallets({ amount, currency, description, disabled, onConfirm }: SandboxWalletsProps) {
  const [open, setOpen] = useState<Wallet | null>(null);
  return (
    <div className={styles.wallets}>
      {(['apple_pay', 'google_pay'] as const).map((wallet) => (
        <WalletButton key={wallet} wallet={wallet} disabled={disabled} onClick={() => setOpen(wallet)} />
      ))}
      {open && (
        <WalletSheet
          wallet={open}
          amount={amount}
          currency={currency}
          description={description}
          onClose={(confirmed) => {
            setOpen(null);
            if (confirmed) onConfirm(open);
          }}
        />
      )}
    </div>
  );
}

/** A wallet's own button: black with the Apple mark, or white with Google's four colours; named 'Pay with …'. */
export function WalletButton({
  wallet,
  disabled,
  onClick,
}: {
  wallet: Wallet;
  disabled: boolean;
  onClick: () => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={wallet === 'apple_pay' ? styles.applePay : styles.googlePay}
      aria-label={t('app.wallets.payWith', { wallet: WALLET_NAMES[wallet] })}
      disabled={disabled}
      onClick={onClick}
    >
      {wallet === 'apple_pay' ? <AppleMark /> : <GoogleMark />} {t('app.wallets.pay')}
    </button>
  );
}

type WalletSheetProps = {
  wallet: Wallet;
  amount: number;
  currency: Currency;
  description: string;
  onClose: (confirmed: boolean) => void;
};

/** The sandbox's payment sheet. Cancel comes first, so it has the focus when the sheet opens. */
function WalletSheet({ wallet, amount, currency, description, onClose }: WalletSheetProps) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const confirmed = useRef(false);
  const price = formatMoney(amount, { currency, locale });
  return (
    <ModalDialog titleId={`${id}-title`} describedBy={`${id}-note`} onClose={() => onClose(confirmed.current)}>
      {(close) => (
        <div className={`${dialogStyles.content} ${styles.sheet}`}>
          <div className={styles.sheetHeader}>
            {wallet === 'apple_pay' ? <AppleMark /> : <GoogleMark />}
            <h2 id={`${id}-title`} className={styles.sheetTitle}>
              {WALLET_NAMES[wallet]}
            </h2>
            <span className={styles.testBadge}>{t('common.testMode.label')}</span>
          </div>
          <dl className={styles.summary}>
            <div>
              <dt>{t('app.wallets.payTo')}</dt>
              <dd>Firstday</dd>
            </div>
            <div>
              <dt>{t('app.wallets.for')}</dt>
              <dd>{description}</dd>
            </div>
            <div>
              <dt>{t('app.wallets.card')}</dt>
              <dd>{t('app.wallets.testCard', { last4: '4242' })}</dd>
            </div>
            <div className={styles.total}>
              <dt>{t('app.wallets.total')}</dt>
              <dd>{price}</dd>
            </div>
          </dl>
          <p id={`${id}-note`} className={styles.note}>
            {t('app.wallets.note', { amount: price })}
          </p>
          <div className={dialogStyles.actions}>
            <Button variant="secondary" onClick={close}>
              {t('app.cancel')}
            </Button>
            <Button
              onClick={() => {
                confirmed.current = true;
                close();
              }}
            >
              {t('app.wallets.confirm', { amount: price })}
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}

function AppleMark() {
  return (
    <svg width="18" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M16.4 12.7c0-2.4 2-3.5 2.1-3.6-1.1-1.7-2.9-1.9-3.5-1.9-1.5-.2-2.9.9-3.7.9-.8 0-1.9-.9-3.2-.8-1.6 0-3.1 1-4 2.4-1.7 3-.4 7.3 1.2 9.7.8 1.2 1.8 2.5 3 2.4 1.2 0 1.7-.8 3.1-.8 1.5 0 1.9.8 3.2.8 1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.5-1-2.5-3.9zM14 5.6c.7-.8 1.1-1.9 1-3-1 0-2.1.7-2.8 1.5-.6.7-1.2 1.8-1 2.9 1.1.1 2.1-.6 2.8-1.4z" />
    </svg>
  );
}

/** A four-colour ring, drawn rather than typed so the visible text stays 'Pay' like the button's name. */
function GoogleMark() {
  const colours = ['#4285f4', '#34a853', '#fbbc04', '#ea4335'];
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      {colours.map((colour, index) => (
        <circle
          key={colour}
          cx="10"
          cy="10"
          r="7"
          fill="none"
          stroke={colour}
          strokeWidth="3.5"
          strokeDasharray="11 33"
          strokeDashoffset={-11 * index}
        />
      ))}
    </svg>
  );
}
