import { getFirstOpenGuessDay } from '@firstday/common/guess-window';
import { useMemo, useSyncExternalStore } from 'react';
import { type GuessDays, getLocalIsoDate } from './calendar-grid.ts';

const RECHECK_MS = 60_000;

// One string, so React compares snapshots by value and re-renders only when a day changes.
function readSnapshot(): string {
  const now = new Date();
  return `${getFirstOpenGuessDay(now)} ${getLocalIsoDate(now)}`;
}

function subscribe(onChange: () => void): () => void {
  // A page left open overnight (or a phone waking up) moves on to the new day.
  const timer = setInterval(onChange, RECHECK_MS);
  document.addEventListener('visibilitychange', onChange);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onChange);
  };
}

/**
 * Which days have passed and which is today, by this device's clock. Null on the server and while
 * hydrating (the server cannot know the visitor's day), so both render the same HTML.
 */
export function useGuessDays(): GuessDays {
  const snapshot = useSyncExternalStore(subscribe, readSnapshot, () => null);
  return useMemo(() => {
    if (!snapshot) return null;
    const [firstOpen = '', today = ''] = snapshot.split(' ');
    return { firstOpen, today };
  }, [snapshot]);
}
