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
  const { title, slug, announcement } = calendar;
  const arrived = announcement
    ? {
        title: t('contributions.meta.arrivedTitle', { name: announcement.babyName ?? 'none' }),
        description: calendar.welcomeGifts
          ? t('contributions.meta.arrivedDescriptionWelcome', {
              date: formatLongDate(announcement.birthDate, locale),
              names: calendar.parentNames || t('contributions.welcome.theParents'),
              until: formatLongDate(calendar.welcomeGifts.until.slice(0, 10), locale),
            })
          : t('contributions.meta.arrivedDescription', { date: formatLongDate(announcement.birthDate, locale) }),
      }
    : null;
  const description =
    arrived?.description ??
    t('contributions.meta.description', {
      names: calendar.parentNames,
      date: formatLongDate(calendar.dueDate, locale),
    });
  // After the birth the preview leads with the news; the calendar's name follows in the page title.
  const shareTitle = arrived ? arrived.title : title;
  return [
    { title: arrived ? `${arrived.title} – ${title} – Firstday` : `${title} – Firstday` },
    { name: 'description', content: description },
    robots,
    ...buildShareTags({
      title: shareTitle,
      description,
      url: `${appUrl}/c/${slug}`,
      image: `${appUrl}/api/public/calendars/${slug}/og.png${getOgImageQuery(calendar, locale)}`,
      imageSize: { width: 1200, height: 630 },
    }),
  ];
}

/**
 * A new picture is a new address, since messengers keep a preview per address: the cover photo's id
 * before the birth; after it 'born', with the baby's photo's id when there is one. The image's words
 * are in the page's language (English without `lang`).
 */
function getOgImageQuery(calendar: PublicCalendar, locale: Locale): string {
  const { announcement, coverImageId } = calendar;
  const params: string[] = [];
  if (announcement) params.push(`born=${announcement.babyImageId ? announcement.babyImageId.slice(0, 8) : '1'}`);
  else if (coverImageId) params.push(`photo=${coverImageId.slice(0, 8)}`);
  if (locale !== 'en') params.push(`lang=${locale}`);
  return params.length > 0 ? `?${params.join('&')}` : '';
}
