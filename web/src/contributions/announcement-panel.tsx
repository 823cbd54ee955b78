import type { PublicCalendar } from '@firstday/common/contributions';
import { formatLongDate } from '../lib/format-date.ts';
import { formatMonthDay, getClosestGuesses } from './calendar-grid.ts';
import styles from './public-calendar.module.css';

type Announcement = NonNullable<PublicCalendar['announcement']>;

/** Shown instead of the form once the birth is announced: the date, the parents' thanks, the closest guesses. */
export function AnnouncementPanel({
  announcement,
  guesses,
}: {
  announcement: Announcement | null;
  guesses: PublicCalendar['guesses'];
}) {
  const closest = announcement ? getClosestGuesses(guesses, announcement.birthDate) : [];
  return (
    <section className={styles.announcement} aria-labelledby="announcement-title">
      <p className={styles.kicker}>The calendar is closed</p>
      <h2 id="announcement-title" className={styles.announcementTitle}>
        The baby has arrived!
      </h2>
      {announcement ? (
        <>
          <p className={styles.birthDate}>
            Born on <strong>{formatLongDate(announcement.birthDate)}</strong>
          </p>
          {announcement.message && (
            <figure className={styles.thanks}>
              <blockquote className={styles.thanksText}>{announcement.message}</blockquote>
              <figcaption>— with love, the parents</figcaption>
            </figure>
          )}
          {closest.length > 0 && (
            <div>
              <h3 className={styles.closestTitle}>Closest guesses</h3>
              <ol className={styles.closest}>
                {closest.map((guess, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: names and days repeat; the order is fixed
                  <li key={index}>
                    <strong>{guess.name}</strong> picked {formatMonthDay(guess.date)}
                    {guess.daysOff === 0 ? ': spot on!' : `: ${guess.daysOff} day${guess.daysOff === 1 ? '' : 's'} off`}
                  </li>
                ))}
              </ol>
              <p className={styles.muted}>Just for fun: nobody wins money for a right guess.</p>
            </div>
          )}
        </>
      ) : (
        <p>Guessing has ended. Thank you to everyone who picked a day and sent a wish!</p>
      )}
    </section>
  );
}
