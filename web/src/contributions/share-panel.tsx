import { useEffect, useId, useRef, useState } from 'react';
import { Button, ExternalButtonLink } from '../components/button.tsx';
import formStyles from '../styles/form.module.css';
import styles from './public-calendar.module.css';
import {
  composeInvitation,
  getEmailUrl,
  getGuestInvitation,
  getMessengerAppUrl,
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
};

/**
 * The sharing kit: one editable invitation, sent by WhatsApp, SMS, e-mail, Messenger or the
 * device's share sheet; the link to copy, a QR code, and a printable page with both.
 */
export function SharePanel({ url, title, invitation }: SharePanelProps) {
  const [text, setText] = useState(() => invitation ?? getGuestInvitation(title));
  const [status, setStatus] = useState<ShareStatus>('idle');
  const [canShare, setCanShare] = useState(false);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const textId = useId();
  const hintId = useId();
  const message = composeInvitation(text, url);
  const subject = `Guess the day: ${title}`;

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
          Your invitation
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
          Write it your way: every button below sends this text, with the calendar’s link added at the end.
        </p>
      </div>
      <ul className={styles.shareActions} aria-label="Send the invitation">
        <li>
          <ExternalButtonLink
            variant="secondary"
            href={getWhatsAppUrl(message)}
            target="_blank"
            rel="noopener noreferrer"
          >
            WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
          </ExternalButtonLink>
        </li>
        <li>
          <ExternalButtonLink variant="secondary" href={getSmsUrl(message)}>
            SMS
          </ExternalButtonLink>
        </li>
        <li>
          <ExternalButtonLink variant="secondary" href={getEmailUrl(subject, message)}>
            E-mail
          </ExternalButtonLink>
        </li>
        <li>
          <Button variant="secondary" onClick={shareOnMessenger}>
            Messenger
          </Button>
        </li>
        {canShare && (
          <li>
            <Button variant="secondary" onClick={share}>
              More apps…
            </Button>
          </li>
        )}
      </ul>
      <ul className={styles.shareActions} aria-label="More ways to share">
        <li>
          <Button variant="secondary" onClick={copyLink}>
            Copy link
          </Button>
        </li>
        <li>
          <Button variant="secondary" onClick={copyInvitation}>
            Copy invitation
          </Button>
        </li>
        {!qrCode && (
          <li>
            <Button variant="secondary" onClick={showQrCode}>
              QR code
            </Button>
          </li>
        )}
        <li>
          <Button variant="secondary" onClick={() => window.print()}>
            Print
          </Button>
        </li>
      </ul>
      {qrCode && (
        <figure className={styles.qrCode}>
          <img src={qrCode} alt={`QR code of the link ${url}`} width="180" height="180" />
          <figcaption>Scan to open this calendar. Print the page to put it on the fridge.</figcaption>
        </figure>
      )}
      <p className={styles.shareStatus} role="status" data-problem={status.endsWith('failed') || undefined}>
        {status === 'copied' && 'Link copied. Share it with your loved ones!'}
        {status === 'copy_failed' && `We couldn’t copy the link. Please copy it by hand: ${url}`}
        {status === 'invitation_copied' && 'Invitation copied with the link. Paste it wherever you like.'}
        {status === 'invitation_copy_failed' &&
          'We couldn’t copy the invitation. Please select it and copy it by hand.'}
        {status === 'messenger_copied' &&
          'Invitation copied: paste it into your Messenger chat (Messenger takes only the link on its own).'}
        {status === 'messenger_copy_failed' &&
          `Messenger takes only the link on its own, and we couldn’t copy the invitation. Please copy it by hand: ${url}`}
      </p>
      <p className={styles.printOnly}>
        Scan or type this link to pick your day: <strong>{url}</strong>
      </p>
    </div>
  );
}
