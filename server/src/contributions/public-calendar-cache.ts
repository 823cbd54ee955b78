import { createHash } from 'node:crypto';
import type { Database } from '../lib/db.ts';
import type { Logger } from '../lib/logger.ts';

/** The PostgreSQL channel invalidations travel on; the payload is the calendar id. */
export const PUBLIC_CALENDAR_CHANNEL = 'firstday_public_calendar';

/** A built public answer: the calendar it belongs to (for invalidation) and the JSON text. */
export type PublicCalendarBuild = { calendarId: string; body: string };

/**
 * An answer as the cache hands it out. `version` is the SHA-256 of its text, taken once per build:
 * what is made from the answer (the guest page's HTML, decision 033) is valid exactly while the
 * version is the same, and an answer built again with the same text (after the TTL, or this
 * server's own notification coming back) keeps its version, so nothing made from it is made again.
 */
export type CachedPublicCalendar = PublicCalendarBuild & { version: string };

export type PublicCalendarCache = {
  /**
   * The cached answer for `key`, or the result of `build` (stored unless the calendar was
   * invalidated while it ran). Concurrent misses for one key share one build.
   */
  load(key: string, build: () => Promise<PublicCalendarBuild | undefined>): Promise<CachedPublicCalendar | undefined>;
  /**
   * Drops every cached page of the calendar, here at once and on every other server (a
   * notification on PUBLIC_CALENDAR_CHANNEL): call it after each write that changes what the
   * public sees, once that write has committed. `notified`: the write's transaction sent the
   * notification itself (`pg_notify` inside it, delivered at its commit), so only this server's
   * pages are dropped here.
   */
  invalidate(calendarId: string, options?: { notified?: boolean }): void;
  /** Starts hearing the other servers' invalidations (with `notifications`); resolves once it does. */
  start(): Promise<void>;
  /** Stops listening and waits for the invalidations still being sent. */
  stop(): Promise<void>;
};

type Entry = CachedPublicCalendar & { expiresAt: number; bytes: number };

/**
 * In-process cache of public calendar pages (docs/decisions/007-shared-calendar.md). With
 * `notifications` (the database's LISTEN/NOTIFY), several servers share one database: each
 * invalidation is applied here at once and published, every server drops its pages when it hears
 * it (decision 016). While the listening connection is down an invalidation may be missed, so then
 * nothing is served from the cache nor stored in it, and it starts empty when listening again. The
 * TTL bounds staleness should a write come from anywhere else (a manual fix in the database).
 */
export function createPublicCalendarCache(
  options: {
    ttlMs?: number;
    maxBytes?: number;
    now?: () => number;
    notifications?: Pick<Database, 'notify' | 'listen'>;
    logger?: Logger;
  } = {},
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
  // Builds started before this epoch (the last time the cache was emptied wholesale) are not stored.
  let resetAt = 0;
  // Only while invalidations from other servers are sure to be heard (always, on one server).
  let trusted = !options.notifications;
  let unlisten: (() => Promise<void>) | undefined;
  const publishing = new Set<Promise<void>>();

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

  function versioned(value: PublicCalendarBuild | undefined): CachedPublicCalendar | undefined {
    return value && { ...value, version: createHash('sha256').update(value.body).digest('base64url') };
  }

  function drop(calendarId: string) {
    epoch++;
    invalidatedAt.set(calendarId, epoch);
    if (invalidatedAt.size > 10_000 && inFlight.size === 0) invalidatedAt.clear();
    for (const key of [...(keysByCalendar.get(calendarId) ?? [])]) remove(key);
    keysByCalendar.delete(calendarId);
  }

  function setTrusted(value: boolean) {
    trusted = value;
    epoch++;
    resetAt = epoch;
    entries.clear();
    keysByCalendar.clear();
    totalBytes = 0;
  }

  return {
    load(key, build) {
      if (!trusted) return build().then(versioned);
      const entry = entries.get(key);
      if (entry && entry.expiresAt > now()) return Promise.resolve(entry);
      const running = inFlight.get(key);
      // Joining is only safe when nothing was invalidated since that build began.
      if (running && running.startedAt === epoch) return running.promise;
      const startedAt = epoch;
      const promise = build()
        .then(versioned)
        .then((value) => {
          const stale = startedAt < resetAt || (invalidatedAt.get(value?.calendarId ?? '') ?? -1) > startedAt;
          if (value && trusted && !stale) store(key, value);
          return value;
        })
        .finally(() => {
          if (inFlight.get(key)?.promise === promise) inFlight.delete(key);
        });
      inFlight.set(key, { promise, startedAt });
      return promise;
    },
    invalidate(calendarId, invalidation) {
      drop(calendarId);
      const notifications = options.notifications;
      if (!notifications || invalidation?.notified) return;
      // This server's own notification comes back too and drops the pages again: harmless.
      const sending: Promise<void> = notifications
        .notify(PUBLIC_CALENDAR_CHANNEL, calendarId)
        .catch((error) => {
          // The others keep the stale page until their TTL ends: say so loudly.
          options.logger?.error({ err: error, calendarId }, 'public calendar invalidation not published');
        })
        .finally(() => publishing.delete(sending));
      publishing.add(sending);
    },
    async start() {
      if (!options.notifications || unlisten) return;
      unlisten = await options.notifications.listen(PUBLIC_CALENDAR_CHANNEL, {
        onNotification: drop,
        onListening(listening) {
          if (listening === trusted) return;
          setTrusted(listening);
          if (listening) options.logger?.info('public calendar cache on: hearing invalidations from every server');
          else options.logger?.warn('public calendar cache off: invalidations from other servers may be missed');
        },
      });
    },
    async stop() {
      const stopListening = unlisten;
      unlisten = undefined;
      await stopListening?.();
      await Promise.all([...publishing]);
    },
  };
}
