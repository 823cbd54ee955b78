import { useEffect, useRef, useState } from 'react';
import { Button } from '../components/button.tsx';
import styles from './public-calendar.module.css';

type ShareState = 'idle' | 'copied' | 'copy_failed';

/** Copy link, the phone's share sheet where there is one, a QR code, and a printable page with both. */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const [state, setState] = useState<ShareState>('idle');
  const [canShare, setCanShare] = useState(false);
  const [qrCode, setQrCode] = useState<string | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Read after mounting: navigator.share exists on phones and some desktop browsers only.
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    return () => clearTimeout(resetTimer.current);
  }, []);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setState('copied');
    } catch {
      setState('copy_failed');
    }
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => setState('idle'), 4000);
  }

  // The QR generator loads only when someone asks for the code.
  async function showQrCode() {
    const { createQrCodeDataUrl } = await import('./share-qr.ts');
    setQrCode(createQrCodeDataUrl(url));
  }

  async function share() {
    try {
      await navigator.share({ title, text: 'Guess the day our baby arrives and leave a wish!', url });
    } catch {
      // Closing the share sheet rejects too; nothing to tell.
    }
  }

  return (
    <div className={styles.share}>
      <div className={styles.shareActions}>
        <Button variant="secondary" onClick={copyLink}>
          Copy link
        </Button>
        {canShare && (
          <Button variant="secondary" onClick={share}>
            Share…
          </Button>
        )}
        {!qrCode && (
          <Button variant="ghost" onClick={showQrCode}>
            QR code
          </Button>
        )}
        <Button variant="ghost" onClick={() => window.print()}>
          Print
        </Button>
      </div>
      {qrCode && (
        <figure className={styles.qrCode}>
          <img src={qrCode} alt={`QR code of the link ${url}`} width="180" height="180" />
          <figcaption>Scan to open this calendar. Print the page to put it on the fridge.</figcaption>
        </figure>
      )}
      <p className={styles.shareStatus} role="status">
        {state === 'copied' && 'Link copied. Share it with your loved ones!'}
        {state === 'copy_failed' && `We couldn’t copy the link. Please copy it by hand: ${url}`}
      </p>
      <p className={styles.printOnly}>
        Scan or type this link to pick your day: <strong>{url}</strong>
      </p>
    </div>
  );
}
