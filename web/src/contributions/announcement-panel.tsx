import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate, formatMonthDay } from '@firstday/common/format';
import { formatMinutesOff, formatTimeOfDay, formatWeight, formatWeightBoth } from '@firstday/common/fun-guesses';
import { imageSrcSet, imageUrl } from '@firstday/common/images';
import { Link } from 'react-router';
import { T, useLocale, useT } from '../i18n/use-t.tsx';
import { getClosestGuesses } from './calendar-grid.ts';
import styles from './public-calendar.module.css';

type Announcement = NonNullable<PublicCalendar['announcement']>;

const BABY_PHOTO_SIZES = '(min-width: 700px) 24rem, calc(100vw - 4rem)';

/**
 * The top of the guest page once the birth is announced, in place of the bump photo, the
 * parents-to-be's note and the countdown (a phone opened from the 'The baby is here!' e-mail sees
 * the news first): the baby's photo, name, date, time and weight, the parents' thanks, the way to
 * the keepsake's public part (every wish, `/c/<slug>/keepsake`) and the closest guesses.
 */
export function AnnouncementPanel({
  announcement,
  slug,
  calendarTitle,
}: {
  announcement: Announcement;
  slug: string;
  /** The calendar's name, above the news: the page's h1 is the news itself. */
  calendarTitle: string;
}) {
  const t = useT();
  const locale = useLocale();
  // The server picks the closest (ties included); this only adds how many days off each one was.
  const { closestGuesses, birthDate, birthTimeMinutes, birthWeightGrams } = announcement;
  const closest = getClosestGuesses(closestGuesses, birthDate, closestGuesses.length);
  const times = announcement.closestTimeGuesses ?? [];
  const weights = announcement.closestWeightGuesses ?? [];
  // With the time or the weight too, each kind of guess gets its own small heading.
  const several = times.length > 0 || weights.length > 0;
  return (
    <section className={styles.announcement} aria-labelledby="announcement-title">
      <p className={styles.kicker}>{calendarTitle}</p>
      <h1 id="announcement-title" className={styles.announcementTitle}>
        {t('contributions.announcement.title')}
      </h1>
      {announcement.babyImageId && (
        <picture className={styles.babyPhoto}>
          <source type="image/webp" srcSet={imageSrcSet(announcement.babyImageId, 'webp')} sizes={BABY_PHOTO_SIZES} />
          <img
            src={imageUrl(announcement.babyImageId, 640, 'jpeg')}
            srcSet={imageSrcSet(announcement.babyImageId, 'jpeg')}
            sizes={BABY_PHOTO_SIZES}
            alt={
              announcement.babyName
                ? t('contributions.announcement.photoAlt', { name: announcement.babyName })
                : t('contributions.announcement.photoAltBaby')
            }
            decoding="async"
            // The first thing painted now, as the cover photo was before the birth.
            fetchPriority="high"
          />
        </picture>
      )}
      {announcement.babyName && (
        <p className={styles.babyName}>{t('contributions.announcement.welcome', { name: announcement.babyName })}</p>
      )}
      <p className={styles.birthDate}>
        <T
          id="contributions.announcement.born"
          values={{
            date: formatLongDate(birthDate, locale),
            time: birthTimeMinutes !== null ? formatTimeOfDay(birthTimeMinutes, locale) : 'none',
          }}
          components={{ 0: <strong>{birthDate}</strong>, 1: <strong>{birthTimeMinutes}</strong> }}
        />
      </p>
      {birthWeightGrams !== null && (
        <p className={styles.birthDate}>
          <T
            id="contributions.announcement.weight"
            values={{ weight: formatWeightBoth(birthWeightGrams, locale) }}
            components={{ 0: <strong>{birthWeightGrams}</strong> }}
          />
        </p>
      )}
      {announcement.message && (
        <figure className={styles.thanks}>
          <blockquote className={styles.thanksText}>{announcement.message}</blockquote>
          <figcaption>— {t('contributions.announcement.withLove')}</figcaption>
        </figure>
      )}
      <p>
        <Link to={`/c/${slug}/keepsake`}>{t('contributions.announcement.keepsake')}</Link>
      </p>
      {(closest.length > 0 || several) && (
        <div>
          <h2 className={styles.closestTitle}>{t('contributions.announcement.closest')}</h2>
          <p className={styles.muted}>{t('contributions.announcement.noPrize')}</p>
          {closest.length > 0 && (
            <>
              {several && <h3 className={styles.closestKind}>{t('contributions.announcement.theDay')}</h3>}
              <ol className={styles.closest}>
                {closest.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and days repeat; the order is fixed
                  <li key={index}>
                    <T
                      id="contributions.announcement.picked"
                      values={{ name: guess.name, day: formatMonthDay(guess.date, locale), count: guess.daysOff }}
                      components={{ 0: <strong>{guess.name}</strong> }}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          {times.length > 0 && (
            <>
              <h3 className={styles.closestKind}>{t('contributions.announcement.theTime')}</h3>
              <ol className={styles.closest}>
                {times.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and times repeat; the order is fixed
                  <li key={index}>
                    <T
                      id="contributions.announcement.guessed"
                      values={{
                        name: guess.name,
                        guess: formatTimeOfDay(guess.minutes, locale),
                        off: guess.minutesOff === 0 ? 'none' : formatMinutesOff(guess.minutesOff, locale),
                      }}
                      components={{ 0: <strong>{guess.name}</strong> }}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
          {weights.length > 0 && (
            <>
              <h3 className={styles.closestKind}>{t('contributions.announcement.theWeight')}</h3>
              <ol className={styles.closest}>
                {weights.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and weights repeat; the order is fixed
                  <li key={index}>
                    <T
                      id="contributions.announcement.guessed"
                      values={{
                        name: guess.name,
                        guess: formatWeightBoth(guess.grams, locale),
                        off: guess.gramsOff === 0 ? 'none' : formatWeight(guess.gramsOff, 'g', locale),
                      }}
                      components={{ 0: <strong>{guess.name}</strong> }}
                    />
                  </li>
                ))}
              </ol>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** A calendar closed without celebration (a loss or a change of plans): a few quiet words, nothing to compare. */
export function ClosedNotice() {
  const t = useT();
  return (
    <section className={styles.card} aria-labelledby="closed-title">
      <h2 id="closed-title" className={styles.sectionTitle}>
        {t('contributions.closed.title')}
      </h2>
      <p className={styles.lead}>{t('contributions.closed.lead')}</p>
    </section>
  );
}
