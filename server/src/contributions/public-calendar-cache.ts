/** A built public answer: the calendar it belongs to (for invalidation) and the JSON text. */
export type CachedPublicCalendar = { calendarId: string; body: string };

export type PublicCalendarCache = {
  /**
   * The cached answer for `key`, or the result of `build` (stored unless the calendar was
   * invalidated while it ran). Concurrent misses for one key share one build.
   */
  load(key: string, build: () => Promise<CachedPublicCalendar | undefined>): Promise<CachedPublicCalendar | undefined>;
  /** Drops every cached page of the calendar: call it after each write that changes what the public sees. */
  invalidate(calendarId: string): void;
};

type Entry = CachedPublicCalendar & { expiresAt: number; bytes: number };

/**
 * In-process cache of public calendar pages (docs/decisions/007-shared-calendar.md). One server
 * process is the deployment model, as for the rate limits; the TTL bounds staleness should a write
 * ever come from elsewhere (another process, a manual fix in the database).
 */
export function createPublicCalendarCache(
  options: { ttlMs?: number; maxBytes?: number; now?: () => number } = {},
): PublicCalendarCache {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const keysByCalendar = new Map<string, Set<string>>();
  const inFlight = new Map<string, { promise: Promise<CachedPublicCalendar | undefined>; startedAt: number }>();
  // A build that started before the calendar's last invalidation must not store its (stale) result.
  const invalidatedAt = new Map<string, number>();
  let epoch = 0;
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
    keysByCalendar.get(entry.calendarId)?.delete(key);
  }

  function store(key: string, value: CachedPublicCalendar) {
    remove(key);
    const bytes = value.body.length * 2;
    if (bytes > maxBytes) return;
    // Map order is insertion order: the oldest entries go first.
    for (const oldest of entries.keys()) {
      if (totalBytes + bytes <= maxBytes) break;
      remove(oldest);
    }
    entries.set(key, { ...value, expiresAt: now() + ttlMs, bytes });
    totalBytes += bytes;
    let keys = keysByCalendar.get(value.calendarId);
    if (!keys) {
      keys = new Set();
      keysByCalendar.set(value.calendarId, keys);
    }
    keys.add(key);
  }

  return {
    load(key, build) {
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry);
      const running = inFlight.get(key);
      // Joining is only safe when nothing was invalidated since that build began.
      if (running && running.startedAt === epoch) return running.promise;
      const startedAt = epoch;
      const promise = build()
        .then((value) => {
          if (value && (invalidatedAt.get(value.calendarId) ?? -1) <= startedAt) store(key, value);
          return value;
        })
        .finally(() => {
          if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        });
      inFlight.set(key, { promise, startedAt });
      return promise;
    },
    invalidate(calendarId) {
      epoch++;
      invalidatedAt.set(calendarId, epoch);
      if (invalidatedAt.size > 10_000 && inFlight.size === 0) invalidatedAt.clear();
      for (const key of [...(keysByCalendar.get(calendarId) ?? [])]) remove(key);
      keysByCalendar.delete(calendarId);
    },
  };
}
