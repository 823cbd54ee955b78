import { useEffect, useState } from 'react';
import { Button } from '../components/button.tsx';
import { useT } from '../i18n/use-t.tsx';
import styles from './public-calendar.module.css';

/** Elements the bar must never cover (the share buttons, the footer) carry this attribute. */
const AVOID_SELECTOR = '[data-pick-bar-avoid]';

/**
 * 'Pick your day' at the bottom of a phone's screen, so the main action stays in reach. It steps
 * aside as soon as the share panel (copy, share, QR code, print) or the footer comes on screen, so it
 * never covers them; it comes back when they leave.
 */
export function StickyPickBar({ onPick }: { onPick: () => void }) {
  const t = useT();
  const [covering, setCovering] = useState(false);

  useEffect(() => {
    if (typeof IntersectionObserver !== 'function') return;
    const visible = new Set<Element>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) visible.add(entry.target);
        else visible.delete(entry.target);
      }
      setCovering(visible.size > 0);
    });
    for (const element of document.querySelectorAll(AVOID_SELECTOR)) observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={styles.stickyBar} data-hidden={covering || undefined} inert={covering || undefined}>
      <Button size="lg" onClick={onPick}>
        {t('contributions.pickBar.button')}
      </Button>
    </div>
  );
}
