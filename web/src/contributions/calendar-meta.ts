import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import type { MetaDescriptor } from 'react-router';
import type { Translate } from '../i18n/use-t.tsx';
import { buildShareTags } from '../marketing/seo.ts';

/**
 * The guest page's head: its title, and the Open Graph and Twitter tags that messengers and social
 * networks read for the link preview (they run no JavaScript, so the tags must be in the first
 * HTML), in the language the page is rendered in. Private links: never indexed.
 */
export function buildCalendarMeta(
  calendar: PublicCalendar | null,
  appUrl: string,
  t: Translate,
  locale: Locale,
): MetaDescriptor[] {
  const robots = { name: 'robots', content: 'noindex' };
  if (!calendar) return [{ title: t('contributions.meta.notFound') }, robots];
  const { title, slug } = calendar;
  const description = t('contributions.meta.description', {
    names: calendar.parentNames,
    date: formatLongDate(calendar.dueDate, locale),
  });
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
