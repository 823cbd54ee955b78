import type { Translate } from '../i18n/use-t.tsx';

const DAY_MS = 86_400_000;

export type DueCountdown = { headline: string; detail?: string };

/** Days from `today` to `dueDate`, both 'YYYY-MM-DD' (negative once it has passed). */
export function getDaysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The guest page's countdown: '23 days to go', 'Due today', and something kind once the day has passed. */
export function describeDueCountdown(dueDate: string, today: string, t: Translate): DueCountdown {
  const days = getDaysUntil(dueDate, today);
  if (days > 1) return { headline: t('contributions.countdown.daysToGo', { count: days }) };
  if (days === 1)
    return {
      headline: t('contributions.countdown.daysToGo', { count: 1 }),
      detail: t('contributions.countdown.tomorrow'),
    };
  if (days === 0)
    return { headline: t('contributions.countdown.dueToday'), detail: t('contributions.countdown.anyMoment') };
  return {
    headline: t('contributions.countdown.anyDay'),
    detail:
      -days === 1
        ? t('contributions.countdown.wasYesterday')
        : t('contributions.countdown.wasDaysAgo', { count: -days }),
  };
}

/** Today in the reader's own calendar, as 'YYYY-MM-DD'. */
export function getLocalToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
