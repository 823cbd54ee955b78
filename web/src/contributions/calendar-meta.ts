import type { PublicCalendar } from '@firstday/common/contributions';
import type { MetaDescriptor } from 'react-router';
import { formatLongDate } from '../lib/format-date.ts';

/**
 * The guest page's head: its title, and the Open Graph and Twitter tags that messengers and social
 * networks read for the link preview (they run no JavaScript, so the tags must be in the first
 * HTML). Private links: never indexed.
 */
export function buildCalendarMeta(calendar: PublicCalendar | null, appUrl: string): MetaDescriptor[] {
  const robots = { name: 'robots', content: 'noindex' };
  if (!calendar) return [{ title: 'Calendar not found – Firstday' }, robots];
  const { title, slug } = calendar;
  const description = `Guess the day ${calendar.parentNames}'s baby arrives and leave a wish (due ${formatLongDate(calendar.dueDate)}). Just for fun: nobody wins money for a right guess.`;
  const url = `${appUrl}/c/${slug}`;
  const image = `${appUrl}/api/public/calendars/${slug}/og.png`;
  return [
    { title: `${title} – Firstday` },
    { name: 'description', content: description },
    robots,
    { property: 'og:site_name', content: 'Firstday' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
  ];
}
