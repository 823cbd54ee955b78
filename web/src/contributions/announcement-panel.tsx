import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate, formatMonthDay, formatNumber } from '@firstday/common/format';
import { formatMinutesOff, formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import { imageSrcSet, imageUrl } from '@firstday/common/images';
import { Link } from 'react-router';
import { getClosestGuesses } from './calendar-grid.ts';
import styles from './public-calendar.module.css';

type Announcement = NonNullable<PublicCalendar['announcement']>;

const BABY_PHOTO_SIZES = '(min-width: 700px) 24rem, calc(100vw - 4rem)';

/**
 * Shown instead of the form once the birth is announced: the date, the parents' thanks, the closest
 * guesses, and the way to the keepsake's public part (every wish, `/c/<slug>/keepsake`).
 */
export function AnnouncementPanel({ announcement, slug }: { announcement: Announcement; slug: string }) {
  // The server picks the closest (ties included); this only adds how many days off each one was.
  const { closestGuesses, birthDate, birthTimeMinutes, birthWeightGrams } = announcement;
  const closest = getClosestGuesses(closestGuesses, birthDate, closestGuesses.length);
  const times = announcement.closestTimeGuesses ?? [];
  const weights = announcement.closestWeightGuesses ?? [];
  // With the time or the weight too, each kind of guess gets its own small heading.
  const several = times.length > 0 || weights.length > 0;
  return (
    <section className={styles.announcement} aria-labelledby="announcement-title">
      <p className={styles.kicker}>The calendar is closed</p>
      <h2 id="announcement-title" className={styles.announcementTitle}>
        The baby has arrived!
      </h2>
      {announcement.babyImageId && (
        <picture className={styles.babyPhoto}>
          <source type="image/webp" srcSet={imageSrcSet(announcement.babyImageId, 'webp')} sizes={BABY_PHOTO_SIZES} />
          <img
            src={imageUrl(announcement.babyImageId, 640, 'jpeg')}
            srcSet={imageSrcSet(announcement.babyImageId, 'jpeg')}
            sizes={BABY_PHOTO_SIZES}
            alt={announcement.babyName ? `${announcement.babyName}, just born` : 'The newborn baby'}
            decoding="async"
          />
        </picture>
      )}
      {announcement.babyName && <p className={styles.babyName}>Welcome, {announcement.babyName}!</p>}
      <p className={styles.birthDate}>
        Born on <strong>{formatLongDate(birthDate)}</strong>
        {birthTimeMinutes !== null && (
          <>
            {' '}
            at <strong>{formatTimeOfDay(birthTimeMinutes)}</strong>
          </>
        )}
      </p>
      {birthWeightGrams !== null && (
        <p className={styles.birthDate}>
          Weight: <strong>{formatWeightBoth(birthWeightGrams)}</strong>
        </p>
      )}
      {announcement.message && (
        <figure className={styles.thanks}>
          <blockquote className={styles.thanksText}>{announcement.message}</blockquote>
          <figcaption>— with love, the parents</figcaption>
        </figure>
      )}
      <p>
        <Link to={`/c/${slug}/keepsake`}>Read every wish in the keepsake</Link>
      </p>
      {(closest.length > 0 || several) && (
        <div>
          <h3 className={styles.closestTitle}>Closest guesses</h3>
          <p className={styles.muted}>Just for fun — no prize</p>
          {closest.length > 0 && (
            <>
              {several && <h4 className={styles.closestKind}>The day</h4>}
              <ol className={styles.closest}>
                {closest.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and days repeat; the order is fixed
                  <li key={index}>
                    <strong>{guess.name}</strong> picked {formatMonthDay(guess.date)}
                    {guess.daysOff === 0 ? ': spot on!' : `: ${guess.daysOff} day${guess.daysOff === 1 ? '' : 's'} off`}
                  </li>
                ))}
              </ol>
            </>
          )}
          {times.length > 0 && (
            <>
              <h4 className={styles.closestKind}>The time of birth</h4>
              <ol className={styles.closest}>
                {times.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and times repeat; the order is fixed
                  <li key={index}>
                    <strong>{guess.name}</strong> guessed {formatTimeOfDay(guess.minutes)}
                    {guess.minutesOff === 0 ? ': spot on!' : `: ${formatMinutesOff(guess.minutesOff)} off`}
                  </li>
                ))}
              </ol>
            </>
          )}
          {weights.length > 0 && (
            <>
              <h4 className={styles.closestKind}>The weight</h4>
              <ol className={styles.closest}>
                {weights.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and weights repeat; the order is fixed
                  <li key={index}>
                    <strong>{guess.name}</strong> guessed {formatWeightBoth(guess.grams)}
                    {guess.gramsOff === 0 ? ': spot on!' : `: ${formatNumber(guess.gramsOff)} g off`}
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
  return (
    <section className={styles.card} aria-labelledby="closed-title">
      <h2 id="closed-title" className={styles.sectionTitle}>
        This calendar is closed
      </h2>
      <p className={styles.lead}>Guesses and gifts have ended. Thank you for your kind thoughts.</p>
    </section>
  );
}
