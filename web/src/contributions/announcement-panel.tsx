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
 * Shown instead of the form once the birth is announced: the date, the parents' thanks, the closest
 * guesses, and the way to the keepsake's public part (every wish, `/c/<slug>/keepsake`).
 */
export function AnnouncementPanel({
  announcement,
  slug,
  welcomeGifts = false,
}: {
  announcement: Announcement;
  slug: string;
  /** The page still takes welcome gifts (decision 026): closed to guesses only. */
  welcomeGifts?: boolean;
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
      <p className={styles.kicker}>
        {welcomeGifts ? t('contributions.announcement.kickerWelcome') : t('contributions.announcement.kicker')}
      </p>
      <h2 id="announcement-title" className={styles.announcementTitle}>
        {t('contributions.announcement.title')}
      </h2>
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
          <h3 className={styles.closestTitle}>{t('contributions.announcement.closest')}</h3>
          <p className={styles.muted}>{t('contributions.announcement.noPrize')}</p>
          {closest.length > 0 && (
            <>
              {several && <h4 className={styles.closestKind}>{t('contributions.announcement.theDay')}</h4>}
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
              <h4 className={styles.closestKind}>{t('contributions.announcement.theTime')}</h4>
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
              <h4 className={styles.closestKind}>{t('contributions.announcement.theWeight')}</h4>
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
