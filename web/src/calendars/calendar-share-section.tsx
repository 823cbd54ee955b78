import type { OwnerCalendar } from '@firstday/common/calendars';
import { useId } from 'react';
import settingsStyles from '../account/settings-page.module.css';
import { ButtonLink } from '../components/button-link.tsx';
import { getOwnerInvitation } from '../contributions/share-links.ts';
import { SharePanel } from '../contributions/share-panel.tsx';
import { useT } from '../i18n/use-t.tsx';
import { getShareLink } from './copy-text.ts';

/**
 * 'View as guest': the calendar's public page, as friends see it (a draft has none yet). Its
 * spoken name adds the calendar's, as a list of cards has one such link per card.
 */
export function ViewAsGuestLink({ calendar, size }: { calendar: OwnerCalendar; size?: 'md' | 'lg' }) {
  const t = useT();
  if (calendar.status === 'draft' || !calendar.shareUrl) return null;
  return (
    // The spoken name starts with the visible words, so voice control finds 'View as guest' too.
    <ButtonLink
      to={calendar.shareUrl}
      variant="secondary"
      size={size}
      aria-label={t('calendars.share.viewAsGuestLabel', { title: calendar.title })}
    >
      {t('calendars.share.viewAsGuest')}
    </ButtonLink>
  );
}

/**
 * The owner's sharing kit on Calendar Info, with the invitation in the parents' own words.
 * `origin`: the public address its link starts with on a page rendered on the server.
 */
export function CalendarShareSection({ calendar, origin }: { calendar: OwnerCalendar; origin?: string }) {
  const t = useT();
  const titleId = useId();
  // Only an active calendar takes guesses; a closed one is shared from its page, if at all.
  if (calendar.status !== 'active' || !calendar.shareUrl) return null;
  return (
    <section className={settingsStyles.card} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId} className={settingsStyles.cardTitle}>
          {t('calendars.share.title')}
        </h2>
        <p className={settingsStyles.cardText}>{t('calendars.share.text')}</p>
      </div>
      <SharePanel
        url={getShareLink(calendar.shareUrl, origin)}
        title={calendar.title}
        invitation={getOwnerInvitation(t)}
      />
    </section>
  );
}
