import {
  firstDayOfWeek,
  formatFullDate,
  formatLongDate,
  formatMonthDay,
  formatWeekday,
  weekdayHeaderDays,
} from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import {
  countGuesses,
  countGuessesPerDay,
  getKeepsakeCalendarRange,
  type KeepsakeBook,
  type KeepsakeWish,
} from '@firstday/common/keepsake';
import { getKeepsakeMonths } from '@firstday/common/keepsake-months';
import type { Locale } from '@firstday/common/locales';
import { type Translate, useLocale, useT } from '../i18n/use-t.tsx';
import styles from './keepsake.module.css';

/**
 * The keepsake book as a page that prints like the PDF: cover, the birth announcement, the calendar
 * of guesses and every wish. The same view for the owner (real names) and the public part.
 */
export function KeepsakeView({ book }: { book: KeepsakeBook }) {
  const t = useT();
  const locale = useLocale();
  const { announcement } = book;
  return (
    <article className={styles.book} data-background={book.background} aria-labelledby="keepsake-title">
      <header className={styles.cover}>
        <p className={styles.kicker}>{t('keepsake.cover.kicker')}</p>
        {/* Made after the announcement: the cover is about the baby, not the wait. */}
        <h1 id="keepsake-title" className={styles.title}>
          {announcement.babyName
            ? t('keepsake.cover.arrivedNamed', { name: announcement.babyName })
            : t('keepsake.cover.arrived')}
        </h1>
        <p className={styles.born}>
          {t('keepsake.cover.born', { date: formatLongDate(announcement.birthDate, locale) })}
        </p>
        <p className={styles.from}>{t('keepsake.cover.from', { parents: book.parentNames })}</p>
      </header>

      <section className={styles.section} aria-labelledby="keepsake-announcement">
        <p className={styles.kicker}>{t('keepsake.announcement.kicker')}</p>
        <h2 id="keepsake-announcement" className={styles.heading}>
          {announcement.babyName
            ? t('keepsake.announcement.welcome', { name: announcement.babyName })
            : t('keepsake.announcement.helloWorld')}
        </h2>
        <p className={styles.date}>{formatFullDate(announcement.birthDate, locale)}</p>
        <dl className={styles.facts}>
          {announcement.birthTimeMinutes !== null && (
            <div>
              <dt>{t('keepsake.announcement.time')}</dt>
              <dd>{formatTimeOfDay(announcement.birthTimeMinutes, locale)}</dd>
            </div>
          )}
          {announcement.birthWeightGrams !== null && (
            <div>
              <dt>{t('keepsake.announcement.weight')}</dt>
              <dd>{formatWeightBoth(announcement.birthWeightGrams, locale)}</dd>
            </div>
          )}
          <div>
            <dt>{t('keepsake.announcement.dueDate')}</dt>
            <dd>{formatLongDate(book.dueDate, locale)}</dd>
          </div>
        </dl>
        {announcement.thankYouMessage && (
          <figure className={styles.thanks}>
            <blockquote>{announcement.thankYouMessage}</blockquote>
            <figcaption>— {book.parentNames}</figcaption>
          </figure>
        )}
        {book.parentsNote && <p className={styles.note}>{book.parentsNote}</p>}
      </section>

      <GuessCalendar book={book} />

      <section className={styles.section} aria-labelledby="keepsake-wishes">
        <p className={styles.kicker}>{t('keepsake.wishes.kicker')}</p>
        <h2 id="keepsake-wishes" className={styles.heading}>
          {t('keepsake.wishes.heading')}
        </h2>
        {book.wishes.length === 0 ? (
          <p className={styles.empty}>{t('keepsake.wishes.empty')}</p>
        ) : (
          <ol className={styles.wishes}>
            {book.wishes.map((wish) => (
              <li key={wish.id} className={styles.wish}>
                <p className={styles.sender}>{wish.name}</p>
                <p className={styles.guess}>{describeGuess(wish, t, locale)}</p>
                <p className={styles.wishText}>{wish.wish}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

function describeGuess(wish: KeepsakeWish, t: Translate, locale: Locale): string {
  const parts = wish.guessedDate
    ? [t('keepsake.wishes.guessed', { date: formatMonthDay(wish.guessedDate, locale) })]
    : [t('keepsake.wishes.welcome')];
  if (wish.guessedTimeMinutes !== null) parts.push(formatTimeOfDay(wish.guessedTimeMinutes, locale));
  if (wish.guessedWeightGrams !== null) parts.push(formatWeightBoth(wish.guessedWeightGrams, locale));
  return parts.join(' · ');
}

function GuessCalendar({ book }: { book: KeepsakeBook }) {
  const t = useT();
  const locale = useLocale();
  const counts = countGuessesPerDay(book.wishes);
  const guesses = countGuesses(counts);
  const birthDate = book.announcement.birthDate;
  const range = getKeepsakeCalendarRange(book);
  const months = getKeepsakeMonths(range.first, range.last, locale);
  return (
    <section className={styles.section} aria-labelledby="keepsake-calendar">
      <p className={styles.kicker}>{t('keepsake.calendar.kicker')}</p>
      <h2 id="keepsake-calendar" className={styles.heading}>
        {t('keepsake.calendar.heading')}
      </h2>
      <p className={styles.date}>
        {guesses === 0 ? t('keepsake.calendar.nobody') : t('keepsake.calendar.summary', { guesses, days: counts.size })}
      </p>
      <div className={styles.months}>
        {months.map((month) => (
          <table key={month.key} className={styles.month}>
            <caption>{month.title}</caption>
            <thead>
              <tr>
                {weekdayHeaderDays(firstDayOfWeek(locale)).map((day) => (
                  <th key={day} scope="col">
                    <abbr title={formatWeekday(day, 'long', locale)}>{formatWeekday(day, 'short', locale)}</abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week) => (
                <tr key={week.find(Boolean) ?? ''}>
                  {week.map((day, index) => {
                    // An empty cell's place in its week is its identity: weeks never reorder.
                    // biome-ignore lint/suspicious/noArrayIndexKey: blank days before the 1st and after the last
                    if (!day) return <td key={`empty-${index}`} />;
                    const count = counts.get(day) ?? 0;
                    const inWindow = day >= book.window.first && day <= book.window.last;
                    const marks = [
                      day === birthDate ? t('keepsake.calendar.birthday') : '',
                      day === book.dueDate ? t('keepsake.calendar.dueDate') : '',
                      count > 0 ? t('keepsake.calendar.guesses', { count }) : '',
                    ].filter(Boolean);
                    return (
                      <td
                        key={day}
                        className={styles.day}
                        data-window={inWindow || undefined}
                        data-birthday={day === birthDate || undefined}
                        data-due={day === book.dueDate || undefined}
                      >
                        <span className={styles.dayNumber}>
                          {Number(day.slice(8))}
                          {marks.length > 0 && <span className="visually-hidden">: {marks.join(', ')}</span>}
                        </span>
                        {count > 0 && (
                          <span className={styles.count} aria-hidden="true">
                            {count}
                          </span>
                        )}
                        {day === birthDate && (
                          <span className={styles.bornMark} aria-hidden="true">
                            {t('keepsake.calendar.born')}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <ul className={styles.legend}>
        <li data-mark="count">{t('keepsake.calendar.legendGuesses')}</li>
        <li data-mark="due">{t('keepsake.calendar.dueDate')}</li>
        <li data-mark="birthday">{t('keepsake.calendar.birthday')}</li>
      </ul>
    </section>
  );
}
