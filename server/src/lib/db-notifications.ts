import pg from 'pg';

export type NotificationListener = {
  onNotification(payload: string): void;
  /**
   * true once the channel is heard; false when the listening connection dropped, so notifications
   * sent until the next true may have been missed. A listener assumes false until told otherwise.
   */
  onListening?(listening: boolean): void;
};

const RETRY_MIN_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A connection that died without a word (network gone) is noticed by this heartbeat. */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;

/**
 * LISTEN on PostgreSQL: one connection of its own (a pooled one would be handed to other queries),
 * shared by every channel of this process, reconnected with backoff when it drops. While it is
 * down, listeners are told so they can stop trusting what they cached; once it is back (every
 * channel listened to again) they are told again.
 */
export function createPgNotificationListener(options: { url: string; onConnectionError?: (error: Error) => void }) {
  const listeners = new Map<string, Set<NotificationListener>>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let listening = false;
  let closed = false;
  let retryDelay = RETRY_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeatTimer: NodeJS.Timeout | undefined;

  function report(error: unknown) {
    options.onConnectionError?.(error instanceof Error ? error : new Error(String(error)));
  }

  function setListening(value: boolean) {
    if (listening === value) return;
    listening = value;
    for (const set of listeners.values()) for (const listener of set) listener.onListening?.(value);
  }

  let ended: Promise<void> = Promise.resolve();

  function drop(dead: pg.Client) {
    if (client !== dead) return;
    client = undefined;
    clearInterval(heartbeatTimer);
    dead.removeAllListeners('notification');
    ended = dead.end().catch(() => {});
    setListening(false);
    if (closed) return;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void connect().catch(report), retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
  }

  function connect(): Promise<void> {
    connecting ??= (async () => {
      const next = new pg.Client({
        connectionString: options.url,
        keepAlive: true,
        application_name: 'firstday-listen',
      });
      next.on('notification', (message) => {
        for (const listener of listeners.get(message.channel) ?? []) listener.onNotification(message.payload ?? '');
      });
      next.on('error', (error) => {
        report(error);
        drop(next);
      });
      next.on('end', () => drop(next));
      client = next;
      try {
        await next.connect();
        for (const channel of listeners.keys()) await next.query(`listen ${channel}`);
      } catch (error) {
        drop(next);
        throw error;
      }
      if (client !== next) return;
      retryDelay = RETRY_MIN_MS;
      heartbeatTimer = setInterval(() => void checkAlive(next), HEARTBEAT_MS);
      heartbeatTimer.unref();
      setListening(true);
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  async function checkAlive(current: pg.Client) {
    let timeout: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        current.query('select 1'),
        new Promise((_, reject) => {
          timeout = setTimeout(
            () => reject(new Error('notification connection does not answer')),
            HEARTBEAT_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      report(error);
      drop(current);
    } finally {
      clearTimeout(timeout);
    }
  }

  return {
    async listen(channel: string, listener: NotificationListener): Promise<() => Promise<void>> {
      if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid notification channel name: ${channel}`);
      let set = listeners.get(channel);
      const isNewChannel = !set;
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
      }
      set.add(listener);
      if (!client && !connecting && !closed) {
        // The first listener connects; if that fails, the retries go on in the background and the
        // listener hears `onListening(true)` once one succeeds.
        await connect().catch(report);
      } else {
        await connecting?.catch(() => {});
        // A connection made before this channel existed does not listen to it yet (LISTEN twice is harmless).
        if (isNewChannel && client && listening) {
          try {
            await client.query(`listen ${channel}`);
          } catch (error) {
            report(error);
            if (client) drop(client);
          }
        }
      }
      if (listening) listener.onListening?.(true);
      return async () => {
        set.delete(listener);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await client?.query(`unlisten ${channel}`).catch(() => {});
      };
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await connecting?.catch(() => {});
      if (client) drop(client);
      // A connection that died mid-goodbye may never report its end: do not hang the shutdown on it.
      await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
    },
  };
}
