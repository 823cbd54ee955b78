import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db.ts';
import { isDeadOwner } from '../instance.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from '../metrics.ts';
import { LEASE_SECONDS, type LeasedMail } from './outbox.ts';
import { mailOutbox } from './schema.ts';

/** Sent in parallel: the pooled transport spreads them over its connections. */
const BATCH_SIZE = 20;
export const MAX_ATTEMPTS = 8;
/**
 * Sent mails are marked in one statement when their batch is done; a send still pending this long
 * after another succeeded (a slow server) does not hold the others' mark back, so they are not
 * left 'sending' until their lease runs out and sent again.
 */
const MARK_SENT_AFTER_MS = 1000;

/** What the worker hands the transport: one message, its Message-ID derived from the row. */
export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  messageId: string;
};

/**
 * nodemailer's `sendMail` contract (a Transporter, or thread-transport.ts): resolves once the SMTP
 * server accepted, rejects with the reply's `responseCode` when it refused.
 */
export type MailSender = { sendMail(mail: OutgoingMail): Promise<unknown> };

/** 5 s, 10 s, 20 s … capped at one hour. */
export function getRetryDelaySeconds(attempts: number): number {
  return Math.min(5 * 2 ** Math.max(attempts - 1, 0), 3600);
}

/** SMTP 5xx replies mean the address or message is refused for good; retrying will not help. */
function isPermanentFailure(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * What stays of an e-mail once it is sent or given up: no text, no HTML and no List-Unsubscribe
 * header, so none of its links (edit links, reset and confirmation tokens) is kept at rest
 * (retention schedule, 'mail-body'). The other headers (a support request's Reply-To) stay.
 */
export const ERASED_MAIL_BODY = {
  text: '',
  html: '',
  headers: sql`(${mailOutbox.headers}::jsonb - 'List-Unsubscribe' - 'List-Unsubscribe-Post')::text`,
};

/**
 * Sends queued e-mails. Rows are claimed with a lease (status 'sending', locked_until, locked_by
 * = this server instance), so several workers or a restarted process never send the same row at
 * once. A row whose worker died is taken over as soon as its instance is known to be gone
 * (lib/instance.ts: at once after a crash and restart), or else when its lease runs out. The
 * Message-ID is derived from the row id, so if a crash falls between the SMTP server's acceptance
 * and our 'sent' write, the resend carries the same Message-ID and receiving servers can drop the
 * duplicate.
 */
export function createMailWorker(options: {
  db: Db;
  transport: MailSender;
  from: string;
  logger: Logger;
  /** The registered server instance (lib/instance.ts) the leases are taken for. */
  instanceId: string;
  pollIntervalMs?: number;
  /** Counts sent and failed e-mails (lib/metrics.ts). */
  metrics?: Pick<Metrics, 'countMail'>;
}) {
  const { db, transport, from, logger, instanceId } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 1000;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** Mail is due that this worker has not claimed: the pass claims before it ends. */
  let claimWanted = false;
  /** Rows queued already leased to this worker (enqueueLeasedMails), to send without a claim. */
  const handedOver: LeasedMail[] = [];
  /** Sent, not yet marked: the next claim marks them (claimBatch). */
  let unmarked: string[] = [];

  /** The update that marks `ids` sent; a row another worker already finished is left alone. */
  function markSentUpdate(ids: string[]) {
    return db
      .update(mailOutbox)
      .set({
        status: 'sent',
        sentAt: new Date(),
        lockedUntil: null,
        lockedBy: null,
        lastError: null,
        ...ERASED_MAIL_BODY,
      })
      .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.status, 'sending')));
  }

  function countSent(ids: string[]): void {
    for (const _ of ids) options.metrics?.countMail('sent');
  }

  /**
   * Claims the next batch and, in the same statement, marks the mails sent since the last claim
   * (`unmarked`): a pass costs one statement per batch, not a claim and a mark.
   */
  async function claimBatch(): Promise<LeasedMail[]> {
    const sent = unmarked;
    unmarked = [];
    const marking = sent.length > 0 ? sql`with marked as (${markSentUpdate(sent).getSQL()}) ` : sql``;
    const notMarked = sent.length > 0 ? sql`and ${notInArray(mailOutbox.id, sent)}` : sql``;
    let result: { rows: LeasedMail[] };
    try {
      // Both drivers answer raw SQL with `{ rows }`.
      result = (await db.execute(sql`${marking}
        update ${mailOutbox}
        set status = 'sending', attempts = attempts + 1, locked_until = now() + make_interval(secs => ${LEASE_SECONDS}),
            locked_by = ${instanceId}
        where id in (
          select id from ${mailOutbox}
          where ((status = 'pending' and next_attempt_at <= now())
             or (status = 'sending' and locked_until < now())
             or (status = 'sending' and ${isDeadOwner(mailOutbox.lockedBy)}))
            ${notMarked}
          order by created_at
          limit ${BATCH_SIZE}
          for update skip locked
        )
        returning id, "to", subject, text, html, headers, attempts`)) as unknown as { rows: LeasedMail[] };
    } catch (error) {
      unmarked = [...sent, ...unmarked];
      throw error;
    }
    countSent(sent);
    return result.rows;
  }

  /** Marks `ids` sent in a statement of their own (a slow batch, a flush). */
  async function markSent(ids: string[]): Promise<void> {
    await markSentUpdate(ids);
    countSent(ids);
  }

  /** Writes the marks still waiting for the next claim. */
  async function flushMarks(): Promise<void> {
    const ids = unmarked;
    unmarked = [];
    if (ids.length > 0) await markSent(ids);
  }

  /** Failures keep their own backoff (it grows with each row's attempts): one statement each. */
  async function markFailed(mail: LeasedMail, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    const giveUp = isPermanentFailure(error) || mail.attempts >= MAX_ATTEMPTS;
    logger.warn({ mailId: mail.id, attempts: mail.attempts, giveUp, err: message }, 'mail send failed');
    options.metrics?.countMail(giveUp ? 'failed' : 'retry');
    await db
      .update(mailOutbox)
      .set({
        status: giveUp ? 'failed' : 'pending',
        lastError: message.slice(0, 1000),
        lockedUntil: null,
        lockedBy: null,
        nextAttemptAt: sql`now() + make_interval(secs => ${getRetryDelaySeconds(mail.attempts)})`,
        ...(giveUp ? ERASED_MAIL_BODY : {}),
      })
      .where(eq(mailOutbox.id, mail.id));
  }

  /**
   * Sends a claimed batch in parallel. Its sent mails are marked by the next claim's statement, or
   * sooner in one UPDATE (MARK_SENT_AFTER_MS) while a send of the batch is still pending.
   */
  async function sendBatch(batch: LeasedMail[]): Promise<void> {
    let sent: string[] = [];
    let marking: Promise<void> = Promise.resolve();
    let markTimer: NodeJS.Timeout | undefined;
    const markNow = () => {
      clearTimeout(markTimer);
      markTimer = undefined;
      const ids = sent;
      sent = [];
      if (ids.length > 0) marking = marking.then(() => markSent(ids));
      return marking;
    };
    try {
      await Promise.all(
        batch.map(async (mail) => {
          try {
            await transport.sendMail({
              from,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              headers: mail.headers ? JSON.parse(mail.headers) : undefined,
              messageId: `<${mail.id}@firstday.mail>`,
            });
          } catch (error) {
            await markFailed(mail, error);
            return;
          }
          sent.push(mail.id);
          markTimer ??= setTimeout(() => void markNow().catch(() => {}), MARK_SENT_AFTER_MS);
        }),
      );
    } finally {
      clearTimeout(markTimer);
      unmarked.push(...sent);
      await marking;
    }
  }

  /**
   * Sends the rows handed over (`wake(leased)`), then, when asked to (a poll, a plain `wake`), what
   * is due; returns how many rows were processed. A short batch emptied the queue as of its claim,
   * so the pass ends there unless mail was queued since. The marks ride on the next claim, at the
   * latest the next poll's, or on one of their own once many wait.
   */
  async function processDue(): Promise<number> {
    let processed = 0;
    for (;;) {
      const handed = handedOver.splice(0, BATCH_SIZE);
      if (handed.length > 0) {
        await sendBatch(handed);
        processed += handed.length;
        if (unmarked.length >= BATCH_SIZE * 5) claimWanted = true;
        continue;
      }
      if (!claimWanted) return processed;
      claimWanted = false;
      const batch = await claimBatch();
      await sendBatch(batch);
      processed += batch.length;
      if (batch.length === BATCH_SIZE) claimWanted = true;
    }
  }

  function runOnce(): Promise<number> {
    running ??= processDue()
      .catch((error) => {
        logger.error({ err: error }, 'mail worker pass failed');
        return 0;
      })
      .finally(() => {
        running = undefined;
        // Rows handed over, or a claim asked for, as the pass was ending.
        if ((handedOver.length > 0 || claimWanted) && !stopped) void runOnce();
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      claimWanted = true;
      void runOnce().then(schedule);
    }, pollIntervalMs);
  }

  return {
    /** Sends what is due at once (mail a crashed process left behind included), then polls. */
    start() {
      stopped = false;
      claimWanted = true;
      void runOnce().then(schedule);
    },
    /**
     * Sends due mail now instead of waiting for the next poll (called after an enqueue commits);
     * with `leased`, the rows enqueueLeasedMails queued for this worker, sent without a claim.
     */
    wake(leased?: LeasedMail[]) {
      if (leased) handedOver.push(...leased);
      else claimWanted = true;
      if (!stopped) void runOnce();
    },
    /** A pass with its marks written (tests, and callers that read the rows next). */
    async processDue(): Promise<number> {
      claimWanted = true;
      const processed = await runOnce();
      await flushMarks();
      return processed;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await flushMarks();
    },
  };
}

export type MailWorker = ReturnType<typeof createMailWorker>;
