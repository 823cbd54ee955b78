import { useMemo } from 'react';
import {
  buildGuessGrid,
  formatWindowCaption,
  type GridCell,
  type GuessNames,
  getDayLabel,
  getVisibleNames,
  getWeekdayNames,
} from './calendar-grid.ts';
import { getInitials } from './display-name.ts';
import styles from './public-calendar.module.css';

const NAMES_PER_DAY = 3;
const WEEKDAYS = getWeekdayNames();

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

/** The guess window as a month-style table; each day in the window is a button. */
export function GuessCalendar({ window, dueDate, guesses, selectedDate, onPick, birthDate }: GuessCalendarProps) {
  const weeks = useMemo(() => buildGuessGrid(window, dueDate, guesses), [window, dueDate, guesses]);
  return (
    <table className={styles.grid}>
      <caption className={styles.gridCaption}>{formatWindowCaption(window)}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((weekday) => (
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
              <td key={cell.iso}>
                <DayCell
                  cell={cell}
                  selected={cell.iso === selectedDate}
                  isBirth={cell.iso === birthDate}
                  onPick={onPick}
                />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type DayCellProps = { cell: GridCell; selected: boolean; isBirth: boolean; onPick?: (date: string) => void };

function DayCell({ cell, selected, isBirth, onPick }: DayCellProps) {
  const content = (
    <>
      <span className={styles.dayTop}>
        {cell.monthLabel && <span className={styles.month}>{cell.monthLabel}</span>}
        <span className={styles.dayNumber}>{cell.day}</span>
      </span>
      {cell.isDue && <span className={styles.dueTag}>Due</span>}
      {isBirth && <span className={styles.birthTag}>Born</span>}
      {cell.names.length > 0 && <GuessChips names={cell.names} />}
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
  const label = `${getDayLabel(cell)}${isBirth ? ', birth day' : ''}`;
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
      aria-pressed={selected}
      onClick={() => onPick(cell.iso)}
    >
      {/* The name is the spoken label; the drawn cell (month, 'Due', initials) is for the eye only. */}
      <span className="visually-hidden">{label}</span>
      <span aria-hidden="true" className={styles.dayInner}>
        {content}
      </span>
    </button>
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
