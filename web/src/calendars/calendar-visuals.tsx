import type { BackgroundId, CalendarStatus } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import { messageId, T, type Translate, useLocale, useT } from '../i18n/use-t.tsx';
import styles from './calendars.module.css';

const BACKGROUND_NAMES = {
  pink: messageId('calendars.background.pink'),
  blue: messageId('calendars.background.blue'),
  sun: messageId('calendars.background.sun'),
} as const satisfies Record<BackgroundId, string>;

export function getBackgroundName(id: BackgroundId, t: Translate): string {
  return t(BACKGROUND_NAMES[id] ?? BACKGROUND_NAMES.pink);
}

const STATUS_LABELS = {
  draft: messageId('calendars.status.draft'),
  active: messageId('calendars.status.active'),
  announced: messageId('calendars.status.announced'),
  paid_out: messageId('calendars.status.paidOut'),
} as const satisfies Record<CalendarStatus, string>;

export function StatusBadge({ status }: { status: CalendarStatus }) {
  const t = useT();
  return (
    <span className={styles.badge} data-status={status}>
      {t(STATUS_LABELS[status])}
    </span>
  );
}

/** The decoration of each background: blossoms, clouds or a sun. Decorative only. */
export function BackgroundArt({ background }: { background: BackgroundId }) {
  if (background === 'blue') {
    return (
      <svg className={styles.art} viewBox="0 0 120 60" aria-hidden="true" focusable="false">
        <path d="M18 44a10 10 0 0 1 4-19 13 13 0 0 1 25 2 8 8 0 0 1 1 17z" fill="#fff" opacity="0.95" />
        <path d="M70 36a8 8 0 0 1 3-15 10 10 0 0 1 20 2 7 7 0 0 1 1 13z" fill="#fff" opacity="0.8" />
        <circle cx="104" cy="14" r="3" fill="#9ccbec" />
      </svg>
    );
  }
  if (background === 'sun') {
    return (
      <svg className={styles.art} viewBox="0 0 120 60" aria-hidden="true" focusable="false">
        <circle cx="92" cy="28" r="14" fill="#ffd66b" />
        <g stroke="#f4a62a" strokeWidth="3" strokeLinecap="round">
          <path d="M92 6v5M92 45v5M70 28h5M109 28h5M77 13l3 3M104 40l3 3M77 43l3-3M104 16l3-3" />
        </g>
        <path d="M20 40l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#f4a62a" />
      </svg>
    );
  }
  return (
    <svg className={styles.art} viewBox="0 0 120 60" aria-hidden="true" focusable="false">
      <g fill="#f6a9bf">
        <circle cx="90" cy="22" r="6" />
        <circle cx="100" cy="28" r="6" />
        <circle cx="96" cy="39" r="6" />
        <circle cx="84" cy="39" r="6" />
        <circle cx="80" cy="28" r="6" />
      </g>
      <circle cx="90" cy="31" r="4" fill="#ffd66b" />
      <g fill="#fde3ea">
        <circle cx="26" cy="20" r="4" />
        <circle cx="32" cy="25" r="4" />
        <circle cx="22" cy="27" r="4" />
      </g>
    </svg>
  );
}

/** Seven days around the due date, with the due date marked: a hint of what guessers will pick from. */
function getWeekAround(dueDate: string): { iso: string; day: number }[] {
  const due = new Date(`${dueDate}T00:00:00Z`);
  return Array.from({ length: 7 }, (_, index) => {
    const date = new Date(due);
    date.setUTCDate(due.getUTCDate() + index - 3);
    return { iso: date.toISOString().slice(0, 10), day: date.getUTCDate() };
  });
}

type CalendarPreviewProps = {
  title: string;
  dueDate: string;
  background: BackgroundId;
  parentNames?: string;
};

/** How the public calendar will look in the chosen background; updates as the choices change. */
export function CalendarPreview({ title, dueDate, background, parentNames }: CalendarPreviewProps) {
  const t = useT();
  const locale = useLocale();
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(dueDate) && !Number.isNaN(Date.parse(dueDate));
  const date = validDate ? formatLongDate(dueDate, locale) : t('calendars.preview.notChosen');
  return (
    <div className={styles.preview} data-background={background}>
      <BackgroundArt background={background} />
      <p className={styles.previewKicker}>{getBackgroundName(background, t)}</p>
      <p className={styles.previewTitle}>{title}</p>
      {parentNames && <p className={styles.previewNames}>{parentNames}</p>}
      <p className={styles.previewDue}>
        <T id="calendars.preview.dueDate" values={{ date }} components={{ 0: <strong>{date}</strong> }} />
      </p>
      {validDate && (
        <ol className={styles.previewWeek} aria-hidden="true">
          {getWeekAround(dueDate).map(({ iso, day }) => (
            <li key={iso} data-due={iso === dueDate || undefined}>
              {day}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
