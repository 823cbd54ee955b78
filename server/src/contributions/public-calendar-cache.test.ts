import { describe, expect, it } from 'vitest';
import type { NotificationListener } from '../lib/db.ts';
import { createPublicCalendarCache, PUBLIC_CALENDAR_CHANNEL } from './public-calendar-cache.ts';

/** A stand-in for the database's LISTEN/NOTIFY that the test drives by hand. */
function createFakeChannel() {
  const listeners = new Set<NotificationListener>();
  const sent: string[] = [];
  return {
    sent,
    notifications: {
      async notify(channel: string, payload: string) {
        expect(channel).toBe(PUBLIC_CALENDAR_CHANNEL);
        sent.push(payload);
      },
      async listen(_channel: string, listener: NotificationListener) {
        listeners.add(listener);
        listener.onListening?.(true);
        return async () => {
          listeners.delete(listener);
        };
      },
    },
    deliver(payload: string) {
      for (const listener of listeners) listener.onNotification(payload);
    },
    setListening(listening: boolean) {
      for (const listener of listeners) listener.onListening?.(listening);
    },
  };
}

function createCountingBuild(calendarId: string) {
  let builds = 0;
  return {
    get builds() {
      return builds;
    },
    build: async () => {
      builds++;
      return { calendarId, body: `version ${builds}` };
    },
  };
}

describe('public calendar cache', () => {
  it('serves a built page until its calendar is invalidated', async () => {
    const cache = createPublicCalendarCache();
    const source = createCountingBuild('cal-1');
    expect((await cache.load('slug|', source.build))?.body).toBe('version 1');
    expect((await cache.load('slug|', source.build))?.body).toBe('version 1');
    cache.invalidate('cal-1');
    expect((await cache.load('slug|', source.build))?.body).toBe('version 2');
  });

  it('versions each answer by its text: built again the same, it keeps its version', async () => {
    const cache = createPublicCalendarCache();
    let body = 'one';
    const build = async () => ({ calendarId: 'cal-1', body });
    const first = await cache.load('slug|', build);
    cache.invalidate('cal-1');
    const same = await cache.load('slug|', build);
    expect(same?.version).toBe(first?.version);
    body = 'two';
    cache.invalidate('cal-1');
    const changed = await cache.load('slug|', build);
    expect(changed?.body).toBe('two');
    expect(changed?.version).not.toBe(first?.version);
    expect((await cache.load('slug|', build))?.version).toBe(changed?.version);
  });

  it('expires pages after the TTL', async () => {
    let now = 0;
    const cache = createPublicCalendarCache({ ttlMs: 1000, now: () => now });
    const source = createCountingBuild('cal-1');
    await cache.load('slug|', source.build);
    now = 999;
    await cache.load('slug|', source.build);
    now = 1000;
    await cache.load('slug|', source.build);
    expect(source.builds).toBe(2);
  });
});

describe('public calendar cache shared by several servers', () => {
  it('publishes each invalidation and applies it here at once', async () => {
    const channel = createFakeChannel();
    const cache = createPublicCalendarCache({ notifications: channel.notifications });
    await cache.start();
    const source = createCountingBuild('cal-1');
    await cache.load('slug|', source.build);
    cache.invalidate('cal-1');
    expect((await cache.load('slug|', source.build))?.body).toBe('version 2');
    await cache.stop();
    expect(channel.sent).toEqual(['cal-1']);
  });

  it("drops a calendar's pages when another server's invalidation arrives", async () => {
    const channel = createFakeChannel();
    const cache = createPublicCalendarCache({ notifications: channel.notifications });
    await cache.start();
    const mine = createCountingBuild('cal-1');
    const other = createCountingBuild('cal-2');
    await cache.load('one|', mine.build);
    await cache.load('two|', other.build);
    channel.deliver('cal-1');
    await cache.load('one|', mine.build);
    await cache.load('two|', other.build);
    expect([mine.builds, other.builds]).toEqual([2, 1]);
  });

  it('does not store a page built while an invalidation arrived', async () => {
    const channel = createFakeChannel();
    const cache = createPublicCalendarCache({ notifications: channel.notifications });
    await cache.start();
    let release: () => void = () => {};
    const slow = cache.load('slug|', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { calendarId: 'cal-1', body: 'stale' };
    });
    channel.deliver('cal-1');
    release();
    expect((await slow)?.body).toBe('stale');
    expect((await cache.load('slug|', async () => ({ calendarId: 'cal-1', body: 'fresh' })))?.body).toBe('fresh');
  });

  it('caches nothing before it listens, nor while the listening connection is down, and starts empty after', async () => {
    const channel = createFakeChannel();
    const cache = createPublicCalendarCache({ notifications: channel.notifications });
    const source = createCountingBuild('cal-1');
    await cache.load('slug|', source.build);
    await cache.load('slug|', source.build);
    expect(source.builds).toBe(2);

    await cache.start();
    await cache.load('slug|', source.build);
    await cache.load('slug|', source.build);
    expect(source.builds).toBe(3);

    channel.setListening(false);
    await cache.load('slug|', source.build);
    await cache.load('slug|', source.build);
    expect(source.builds).toBe(5);

    // Invalidations sent meanwhile were missed: nothing cached before the drop may be served.
    channel.setListening(true);
    expect((await cache.load('slug|', source.build))?.body).toBe('version 6');
    expect((await cache.load('slug|', source.build))?.body).toBe('version 6');
  });

  it('does not store a page whose build began before the connection dropped', async () => {
    const channel = createFakeChannel();
    const cache = createPublicCalendarCache({ notifications: channel.notifications });
    await cache.start();
    let release: () => void = () => {};
    const slow = cache.load('slug|', async () => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return { calendarId: 'cal-1', body: 'maybe stale' };
    });
    channel.setListening(false);
    channel.setListening(true);
    release();
    await slow;
    expect((await cache.load('slug|', async () => ({ calendarId: 'cal-1', body: 'fresh' })))?.body).toBe('fresh');
  });
});
