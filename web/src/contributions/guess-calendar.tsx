import { type FocusEvent, type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { useLocale, useT } from '../i18n/use-t.tsx';
import {
  buildGuessGrid,
  formatGuessCount,
  formatWindowCaption,
  type GridCell,
  type GuessNames,
  getDayAfterKey,
  getDayLabel,
  getTabStopDay,
  getVisibleNames,
  getWeekdayNames,
} from './calendar-grid.ts';
import { getInitials } from './display-name.ts';
import styles from './public-calendar.module.css';
import { useGuessDays } from './use-guess-days.ts';

const NAMES_PER_DAY = 3;

type GuessCalendarProps = {
  window: { first: string; last: string };
  dueDate: string;
  guesses: GuessNames;
  selectedDate: string | null;
  /** Absent when guessing is closed: the days are shown, not offered. */
  onPick?: (date: string) => void;
  /** A day to mark besides the due date (the birth date once announced). */
  birthDate?: string;
};

/**
 * The guess window as a month-style table; each day in the window is a button. Days that have
 * passed stay visible with their guesses but are disabled; today is marked. While days are offered
 * the table is an ARIA grid: one Tab stop (a roving tabindex) and arrow keys between the days.
 */
export function GuessCalendar({ window, dueDate, guesses, selectedDate, onPick, birthDate }: GuessCalendarProps) {
  const t = useT();
  const locale = useLocale();
  const weekdays = useMemo(() => getWeekdayNames(locale), [locale]);
  const clock = useGuessDays();
  // A closed calendar offers no day, so nothing needs greying or a 'Today' marker there.
  const days = onPick ? clock : null;
  const weeks = useMemo(
    () => buildGuessGrid(window, dueDate, guesses, days, locale),
    [window, dueDate, guesses, days, locale],
  );
  const somePast = weeks.some((week) => week.some((cell) => cell.inWindow && cell.isPast));
  const tableRef = useRef<HTMLTableElement>(null);
  const [lastFocused, setLastFocused] = useState<string | null>(null);
  const tabStop = onPick ? getTabStopDay(weeks, [lastFocused, selectedDate]) : null;

  function rememberFocus(event: FocusEvent<HTMLTableElement>) {
    const date = (event.target as HTMLElement).dataset.date;
    if (date) setLastFocused(date);
  }

  function moveFocus(event: KeyboardEvent<HTMLTableElement>) {
    const from = (event.target as HTMLElement).dataset.date;
    const to = from && getDayAfterKey(weeks, from, event.key, event.ctrlKey || event.metaKey);
    if (!to) return;
    event.preventDefault();
    tableRef.current?.querySelector<HTMLElement>(`[data-date="${to}"]`)?.focus();
  }

  return (
    <>
      <table
        ref={tableRef}
        className={styles.grid}
        role={onPick ? 'grid' : undefined}
        onFocus={onPick ? rememberFocus : undefined}
        onKeyDown={onPick ? moveFocus : undefined}
      >
        <caption className={styles.gridCaption}>{formatWindowCaption(window, locale)}</caption>
        <thead>
          <tr>
            {weekdays.map((weekday) => (
              <th key={weekday.long} scope="col">
                <abbr title={weekday.long}>{weekday.short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.iso}>
              {week.map((cell) => (
                <td key={cell.iso} role={onPick ? 'gridcell' : undefined}>
                  <DayCell
                    cell={cell}
                    selected={cell.iso === selectedDate}
                    tabStop={cell.iso === tabStop}
                    isBirth={cell.iso === birthDate}
                    onPick={onPick}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {somePast && <p className={styles.gridNote}>{t('contributions.calendar.pastNote')}</p>}
      {guesses.length > 0 && (
        <p className={`${styles.gridNote} ${styles.countNote}`}>{t('contributions.calendar.countNote')}</p>
      )}
    </>
  );
}

type DayCellProps = {
  cell: GridCell;
  selected: boolean;
  /** The grid's one Tab stop; the other days are reached with the arrow keys. */
  tabStop: boolean;
  isBirth: boolean;
  onPick?: (date: string) => void;
};

function DayCell({ cell, selected, tabStop, isBirth, onPick }: DayCellProps) {
  const t = useT();
  const locale = useLocale();
  const content = (
    <>
      <span className={styles.dayTop}>
        {cell.monthLabel && <span className={styles.month}>{cell.monthLabel}</span>}
        <span className={styles.dayNumber}>{cell.day}</span>
      </span>
      {cell.isToday && <span className={styles.todayTag}>{t('contributions.calendar.today')}</span>}
      {cell.isDue && <span className={styles.dueTag}>{t('contributions.calendar.due')}</span>}
      {isBirth && <span className={styles.birthTag}>{t('contributions.calendar.born')}</span>}
      {cell.names.length > 0 && <GuessChips names={cell.names} />}
      {cell.names.length > 0 && <GuessCount count={cell.names.length} />}
    </>
  );
  if (!cell.inWindow) {
    return (
      <span className={styles.day} data-outside="">
        <span className={styles.dayTop}>
          {cell.monthLabel && <span className={styles.month}>{cell.monthLabel}</span>}
          <span className={styles.dayNumber}>{cell.day}</span>
        </span>
      </span>
    );
  }
  const dayLabel = getDayLabel(cell, t, locale);
  const label = isBirth ? t('contributions.calendar.labelBirth', { label: dayLabel }) : dayLabel;
  if (!onPick) {
    return (
      <span className={styles.day} data-due={cell.isDue || undefined} data-birth={isBirth || undefined}>
        <span className="visually-hidden">{label}</span>
        <span aria-hidden="true" className={styles.dayInner}>
          {content}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={styles.day}
      data-date={cell.iso}
      data-due={cell.isDue || undefined}
      data-today={cell.isToday || undefined}
      data-past={cell.isPast || undefined}
      tabIndex={tabStop ? 0 : -1}
      // Not `disabled`: a day that has passed stays reachable with the arrow keys, as a grid's
      // disabled cells do, and is read as unavailable; it just picks nothing.
      aria-disabled={cell.isPast || undefined}
      aria-pressed={selected}
      onClick={() => !cell.isPast && onPick(cell.iso)}
    >
      {/* The name is the spoken label; the drawn cell (month, 'Due', initials) is for the eye only. */}
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true" className={styles.dayInner}>
        {content}
      </span>
    </button>
  );
}

/** The number of guesses of a day: '3 guesses', just '3' where the cells are narrow (phones). */
function GuessCount({ count }: { count: number }) {
  const t = useT();
  const [number, word] = formatGuessCount(count, t).split(' ');
  return (
    <span className={styles.guessCount}>
      {number}
      <span className={styles.guessCountWord}> {word}</span>
    </span>
  );
}

function GuessChips({ names }: { names: string[] }) {
  const { shown, more } = getVisibleNames(names, NAMES_PER_DAY);
  return (
    <span className={styles.chips}>
      {shown.map((name, index) => (
        // Names repeat ('A friend'); their order is stable between renders.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={index} className={styles.chip} title={name}>
          {getInitials(name) || '♥'}
        </span>
      ))}
      {more > 0 && <span className={`${styles.chip} ${styles.more}`}>+{more}</span>}
    </span>
  );
}
