/**
 * The background job (lib/jobs) that settles one calendar (settlement.ts): key = the calendar's id.
 * Its own file, because the payment transitions enqueue it and settlement calls the transitions.
 */
export const SETTLE_CALENDAR_JOB = 'settle-calendar';
