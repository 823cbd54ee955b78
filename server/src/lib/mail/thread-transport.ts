import { Worker } from 'node:worker_threads';
import type { Logger } from '../logger.ts';
import type { OutgoingMail } from './worker.ts';

/** What the send thread (send-thread.ts) is started with. */
export type SendThreadData = { url: string };

export type SendRequest = { type: 'send'; id: number; mail: OutgoingMail } | { type: 'close' };

/** nodemailer's answer, or its error's SMTP fields: the outbox tells a 5xx refusal from a retry by them. */
export type SentInfo = { accepted: string[]; rejected: string[]; response: string; messageId: string };
export type SendFailure = {
  message: string;
  code?: string;
  command?: string;
  responseCode?: number;
  response?: string;
};
export type ThreadReply = { id: number; ok: true; info: SentInfo } | { id: number; ok: false; error: SendFailure };

/** How long a closing thread gets to end its SMTP connections before it is terminated. */
const CLOSE_TIMEOUT_MS = 5000;

type Call = { resolve(info: SentInfo): void; reject(error: Error): void; settled: Promise<unknown> };
type Thread = { worker: Worker; calls: Map<number, Call> };

/**
 * The SMTP transport for `url` (createMailTransport, pooled) run in a worker thread: building the
 * MIME message, DKIM, TLS and the socket I/O cost the serving event loop nothing (issue 27: 15 % of
 * the gift path's CPU under load was sending mail). `sendMail` has nodemailer's contract, answering
 * accepted/rejected/response or failing with the SMTP `responseCode`, so the outbox worker's retry
 * and permanent-failure rules are unchanged. The database stays on the main thread: PGlite belongs
 * to one thread, and the leases are taken there.
 *
 * A thread that crashes fails every send it had not answered without an SMTP code, so the outbox
 * retries those rows (with the same Message-ID: a mail accepted just before the crash can be
 * dropped by the receiver as a duplicate); the next send starts a new thread.
 */
export function createThreadedMailTransport(url: string, options: { logger?: Logger } = {}) {
  const { logger } = options;
  let thread: Thread | undefined;
  let nextId = 0;
  let closed = false;

  function startThread(): Thread {
    const worker = new Worker(new URL('./send-thread.ts', import.meta.url), {
      workerData: { url } satisfies SendThreadData,
    });
    const started: Thread = { worker, calls: new Map() };
    // Idle, the thread (and its pool's open connections) does not keep the process alive.
    worker.unref();
    worker.on('message', (reply: ThreadReply) => {
      const call = started.calls.get(reply.id);
      if (!call) return;
      started.calls.delete(reply.id);
      if (started.calls.size === 0) worker.unref();
      if (reply.ok) call.resolve(reply.info);
      else call.reject(Object.assign(new Error(reply.error.message), reply.error));
    });
    worker.on('error', (error) => logger?.error({ err: error.message }, 'mail send thread crashed'));
    worker.on('exit', (code) => {
      if (thread === started) thread = undefined;
      if (started.calls.size === 0) return;
      logger?.warn({ code, unanswered: started.calls.size }, 'mail send thread exited with sends in flight');
      for (const call of started.calls.values()) {
        call.reject(new Error(`the mail send thread exited (code ${code}) before answering`));
      }
      started.calls.clear();
    });
    return started;
  }

  return {
    sendMail(mail: OutgoingMail): Promise<SentInfo> {
      if (closed) return Promise.reject(new Error('the mail transport is closed'));
      thread ??= startThread();
      const { worker, calls } = thread;
      const id = nextId++;
      let call!: Call;
      const settled = new Promise<SentInfo>((resolve, reject) => {
        call = { resolve, reject, settled: Promise.resolve() };
      });
      call.settled = settled.catch(() => {});
      calls.set(id, call);
      // A send in flight keeps the process alive until it is answered.
      worker.ref();
      worker.postMessage({ type: 'send', id, mail } satisfies SendRequest);
      return settled;
    },

    /** Lets the sends in flight finish, then ends the thread's SMTP connections and the thread. */
    async close(): Promise<void> {
      closed = true;
      const closing = thread;
      thread = undefined;
      if (!closing) return;
      await Promise.all([...closing.calls.values()].map((call) => call.settled));
      const exited = new Promise((resolve) => closing.worker.once('exit', resolve));
      closing.worker.ref();
      closing.worker.postMessage({ type: 'close' } satisfies SendRequest);
      const timeout = setTimeout(() => void closing.worker.terminate(), CLOSE_TIMEOUT_MS);
      await exited;
      clearTimeout(timeout);
    },

    /** Ends the thread as a crash would (tests); a later send starts a new one. */
    async terminateThread(): Promise<void> {
      await thread?.worker.terminate();
    },
  };
}

export type ThreadedMailTransport = ReturnType<typeof createThreadedMailTransport>;
