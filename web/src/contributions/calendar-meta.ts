import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate } from '@firstday/common/format';
import type { MetaDescriptor } from 'react-router';
import { buildShareTags } from '../marketing/seo.ts';

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
  return [
    { title: `${title} – Firstday` },
    { name: 'description', content: description },
    robots,
    ...buildShareTags({
      title,
      description,
      url: `${appUrl}/c/${slug}`,
      // A new photo is a new address: messengers keep a preview per address.
      image: `${appUrl}/api/public/calendars/${slug}/og.png${calendar.coverImageId ? `?photo=${calendar.coverImageId.slice(0, 8)}` : ''}`,
      imageSize: { width: 1200, height: 630 },
    }),
  ];
}
