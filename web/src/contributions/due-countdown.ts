const DAY_MS = 86_400_000;

export type DueCountdown = { headline: string; detail?: string };

/** Days from `today` to `dueDate`, both 'YYYY-MM-DD' (negative once it has passed). */
export function getDaysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}

/** The guest page's countdown: '23 days to go', 'Due today', and something kind once the day has passed. */
export function describeDueCountdown(dueDate: string, today: string): DueCountdown {
  const days = getDaysUntil(dueDate, today);
  if (days > 1) return { headline: `${days} days to go` };
  if (days === 1) return { headline: '1 day to go', detail: 'The due date is tomorrow.' };
  if (days === 0) return { headline: 'Due today', detail: 'Any moment now!' };
  const ago = -days === 1 ? 'yesterday' : `${-days} days ago`;
  return {
    headline: 'Any day now',
    detail: `The due date was ${ago}. Babies come when they are ready – thank you for waiting with us.`,
  };
}

/** Today in the reader's own calendar, as 'YYYY-MM-DD'. */
export function getLocalToday(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}
