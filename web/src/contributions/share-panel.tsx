import { useEffect, useId, useRef, useState } from 'react';
import { Button, ButtonAnchor } from '../components/button.tsx';
import { T, useT } from '../i18n/use-t.tsx';
import formStyles from '../styles/form.module.css';
import styles from './public-calendar.module.css';
import {
  APP_NAMES,
  type BirthNews,
  composeInvitation,
  getEmailUrl,
  getGuestInvitation,
  getMessengerAppUrl,
  getNewsInvitation,
  getShareSubject,
  getSmsUrl,
  getWhatsAppUrl,
  INVITATION_MAX_LENGTH,
  isMobileDevice,
  MESSENGER_WEB_URL,
} from './share-links.ts';

type ShareStatus =
  | 'idle'
  | 'copied'
  | 'copy_failed'
  | 'messenger_copied'
  | 'messenger_copy_failed'
  | 'invitation_copied'
  | 'invitation_copy_failed';

type SharePanelProps = {
  /** The calendar's absolute address. */
  url: string;
  title: string;
  /** The pre-written invitation; the person may edit it before sending. Defaults to a guest's words. */
  invitation?: string;
  /** After the announcement: the guest's default words and the subject are about the baby. */
  news?: BirthNews | null;
};

/**
 * The sharing kit: one editable invitation, sent by WhatsApp, SMS, e-mail, Messenger or the
 * device's share sheet; the link to copy, a QR code, and a printable page with both.
 */
export function SharePanel({ url, title, invitation, news = null }: SharePanelProps) {
  const t = useT();
  const [text, setText] = useState(
    () => invitation ?? (news ? getNewsInvitation(title, news, t) : getGuestInvitation(title, t)),
  );
  const [status, setStatus] = useState<ShareStatus>('idle');
  const [canShare, setCanShare] = useState(false);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const textId = useId();
  const hintId = useId();
  const message = composeInvitation(text, url);
  const subject = getShareSubject(title, news, t);

  // Read after mounting: navigator.share exists on phones and some desktop browsers only.
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    return () => clearTimeout(resetTimer.current);
  }, []);

  function say(next: ShareStatus) {
    setStatus(next);
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setStatus('idle'), 6000);
  }

  async function copy(value: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(value);
      return true;
    } catch {
      return false;
    }
  }

  async function copyLink() {
    say((await copy(url)) ? 'copied' : 'copy_failed');
  }

  async function copyInvitation() {
    say((await copy(message)) ? 'invitation_copied' : 'invitation_copy_failed');
  }

  // Messenger accepts a link but no text from a web page: the invitation goes to the clipboard.
  async function shareOnMessenger() {
    const copied = await copy(message);
    say(copied ? 'messenger_copied' : 'messenger_copy_failed');
    if (isMobileDevice(navigator.userAgent, navigator.maxTouchPoints)) window.location.href = getMessengerAppUrl(url);
    else window.open(MESSENGER_WEB_URL, '_blank', 'noopener,noreferrer');
  }

  // The QR generator loads only when someone asks for the code.
  async function showQrCode() {
    const { createQrCodeDataUrl } = await import('./share-qr.ts');
    setQrCode(createQrCodeDataUrl(url));
  }

  async function share() {
    try {
      await navigator.share({ title, text: text.trim(), url });
    } catch {
      // Closing the share sheet rejects too; nothing to tell.
    }
  }

  return (
    <div className={styles.share}>
      <div className={`${formStyles.field} ${styles.invitationField}`}>
        <label htmlFor={textId} className={formStyles.label}>
          {t('contributions.share.invitation')}
        </label>
        <textarea
          id={textId}
          className={`${formStyles.input} ${formStyles.textarea}`}
          rows={3}
          maxLength={INVITATION_MAX_LENGTH}
          value={text}
          aria-describedby={hintId}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={hintId} className={formStyles.hint}>
          {t('contributions.share.hint')}
        </p>
      </div>
      <ul className={styles.shareActions} aria-label={t('contributions.share.send')}>
        <li>
          <ButtonAnchor variant="secondary" href={getWhatsAppUrl(message)} target="_blank" rel="noopener noreferrer">
            {APP_NAMES.whatsApp}
            <span className="visually-hidden"> {t('contributions.share.newTab')}</span>
          </ButtonAnchor>
        </li>
        <li>
          <ButtonAnchor variant="secondary" href={getSmsUrl(message)}>
            {APP_NAMES.sms}
          </ButtonAnchor>
        </li>
        <li>
          <ButtonAnchor variant="secondary" href={getEmailUrl(subject, message)}>
            E-mail
          </ButtonAnchor>
        </li>
        <li>
          <Button variant="secondary" onClick={shareOnMessenger}>
            {APP_NAMES.messenger}
          </Button>
        </li>
        {canShare && (
          <li>
            <Button variant="secondary" onClick={share}>
              {t('contributions.share.moreApps')}
            </Button>
          </li>
        )}
      </ul>
      <ul className={styles.shareActions} aria-label={t('contributions.share.moreWays')}>
        <li>
          <Button variant="secondary" onClick={copyLink}>
            {t('contributions.share.copyLink')}
          </Button>
        </li>
        <li>
          <Button variant="secondary" onClick={copyInvitation}>
            {t('contributions.share.copyInvitation')}
          </Button>
        </li>
        {!qrCode && (
          <li>
            <Button variant="secondary" onClick={showQrCode}>
              {t('contributions.share.qrCode')}
            </Button>
          </li>
        )}
        <li>
          <Button variant="secondary" onClick={() => window.print()}>
            {t('contributions.share.print')}
          </Button>
        </li>
      </ul>
      {qrCode && (
        <figure className={styles.qrCode}>
          <img src={qrCode} alt={t('contributions.share.qrAlt', { url })} width="180" height="180" />
          <figcaption>{t('contributions.share.qrCaption')}</figcaption>
        </figure>
      )}
      <p className={styles.shareStatus} role="status" data-problem={status.endsWith('failed') || undefined}>
        {status === 'copied' && t('contributions.share.copied')}
        {status === 'copy_failed' && t('contributions.share.copyFailed', { url })}
        {status === 'invitation_copied' && t('contributions.share.invitationCopied')}
        {status === 'invitation_copy_failed' && t('contributions.share.invitationCopyFailed')}
        {status === 'messenger_copied' && t('contributions.share.messengerCopied')}
        {status === 'messenger_copy_failed' && t('contributions.share.messengerCopyFailed', { url })}
      </p>
      <p className={styles.printOnly}>
        <T
          id={news ? 'contributions.share.newsPrintLink' : 'contributions.share.printLink'}
          values={{ url }}
          components={{ 0: <strong>{url}</strong> }}
        />
      </p>
    </div>
  );
}
