// The due date's limits, apart from calendars.ts (zod): the wizard's date field is drawn with them
// while its page hydrates, and zod and the schemas load only when a step is first touched or sent
// (decision 037).

/** Calendar dates are ISO 'YYYY-MM-DD' strings. */
export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The last allowed due date: ten calendar months after `today` (ISO dates). */
export function getLatestDueDate(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + 10, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return toIsoDate(target);
}
