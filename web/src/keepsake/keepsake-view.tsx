import { formatFullDate, formatLongDate, formatMonthDay } from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import { getKeepsakeCalendarRange, type KeepsakeBook, type KeepsakeWish } from '@firstday/common/keepsake';
import styles from './keepsake.module.css';
import { getKeepsakeMonths } from './keepsake-months.ts';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The keepsake book as a page that prints like the PDF: cover, the birth announcement, the calendar
 * of guesses and every wish. The same view for the owner (real names) and the public part.
 */
export function KeepsakeView({ book }: { book: KeepsakeBook }) {
  const { announcement } = book;
  return (
    <article className={styles.book} data-background={book.background} aria-labelledby="keepsake-title">
      <header className={styles.cover}>
        <p className={styles.kicker}>A keepsake for</p>
        <h1 id="keepsake-title" className={styles.title}>
          {book.title}
        </h1>
        <p className={styles.born}>
          {announcement.babyName ? `${announcement.babyName}, born ` : 'Born '}
          {formatLongDate(announcement.birthDate)}
        </p>
        <p className={styles.from}>with love from {book.parentNames} and everyone who guessed</p>
      </header>

      <section className={styles.section} aria-labelledby="keepsake-announcement">
        <p className={styles.kicker}>The birth announcement</p>
        <h2 id="keepsake-announcement" className={styles.heading}>
          {announcement.babyName ? `Welcome, ${announcement.babyName}` : 'Hello, world'}
        </h2>
        <p className={styles.date}>{formatFullDate(announcement.birthDate)}</p>
        <dl className={styles.facts}>
          {announcement.birthTimeMinutes !== null && (
            <div>
              <dt>Time</dt>
              <dd>{formatTimeOfDay(announcement.birthTimeMinutes)}</dd>
            </div>
          )}
          {announcement.birthWeightGrams !== null && (
            <div>
              <dt>Weight</dt>
              <dd>{formatWeightBoth(announcement.birthWeightGrams)}</dd>
            </div>
          )}
          <div>
            <dt>Due date</dt>
            <dd>{formatLongDate(book.dueDate)}</dd>
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
        <p className={styles.kicker}>The wishes</p>
        <h2 id="keepsake-wishes" className={styles.heading}>
          Words from the people who waited with us
        </h2>
        {book.wishes.length === 0 ? (
          <p className={styles.empty}>No wishes were left on this calendar.</p>
        ) : (
          <ol className={styles.wishes}>
            {book.wishes.map((wish) => (
              <li key={wish.id} className={styles.wish}>
                <p className={styles.sender}>{wish.name}</p>
                <p className={styles.guess}>{describeGuess(wish)}</p>
                <p className={styles.wishText}>{wish.wish}</p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}

function describeGuess(wish: KeepsakeWish): string {
  const parts = [`guessed ${formatMonthDay(wish.guessedDate)}`];
  if (wish.guessedTimeMinutes !== null) parts.push(formatTimeOfDay(wish.guessedTimeMinutes));
  if (wish.guessedWeightGrams !== null) parts.push(formatWeightBoth(wish.guessedWeightGrams));
  return parts.join(' · ');
}

function GuessCalendar({ book }: { book: KeepsakeBook }) {
  const counts = new Map<string, number>();
  for (const wish of book.wishes) counts.set(wish.guessedDate, (counts.get(wish.guessedDate) ?? 0) + 1);
  const birthDate = book.announcement.birthDate;
  const range = getKeepsakeCalendarRange(book);
  const months = getKeepsakeMonths(range.first, range.last);
  return (
    <section className={styles.section} aria-labelledby="keepsake-calendar">
      <p className={styles.kicker}>The calendar of guesses</p>
      <h2 id="keepsake-calendar" className={styles.heading}>
        When everyone thought you would arrive
      </h2>
      <p className={styles.date}>
        {book.wishes.length === 0
          ? 'Nobody guessed this time.'
          : `${plural(book.wishes.length, 'guess', 'guesses')} across ${plural(counts.size, 'day', 'days')}`}
      </p>
      <div className={styles.months}>
        {months.map((month) => (
          <table key={month.key} className={styles.month}>
            <caption>{month.title}</caption>
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th key={short} scope="col">
                    <abbr title={long}>{short}</abbr>
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
                      day === birthDate ? 'birthday' : '',
                      day === book.dueDate ? 'due date' : '',
                      count > 0 ? plural(count, 'guess', 'guesses') : '',
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
                            born
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
        <li data-mark="count">guesses that day</li>
        <li data-mark="due">due date</li>
        <li data-mark="birthday">birthday</li>
      </ul>
    </section>
  );
}
