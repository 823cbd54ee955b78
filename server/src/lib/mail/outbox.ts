import { randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, prepareStatement } from '../db.ts';

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** Same key, same e-mail: a second enqueue with it is ignored. */
  dedupeKey?: string;
  /** Groups the mails of one fan-out (see `mail_outbox.topic`). */
  topic?: string;
  /** Non-transactional mail (celebrations, notices, digests): skipped for unsubscribed addresses. */
  suppressible?: boolean;
};

/** Up to this many e-mails go in one prepared statement; a longer list is sent in several. */
const MAILS_PER_STATEMENT = 4;

/** How long a worker's claim on a row lasts before another worker may send it (worker.ts). */
export const LEASE_SECONDS = 120;

/** A queued row already leased to this server's mail worker, with what sending it needs. */
export type LeasedMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: string | null;
  attempts: number;
};

/**
 * One statement for `count` e-mails: each row is left out when it is suppressible and its address
 * unsubscribed (mail_suppressions, read in the same statement), or when its dedupe key was used.
 * With a `leasedTo` server instance the rows are queued as that server's mail worker claims them
 * (status 'sending', first attempt, its lease), so it sends them without a claim of its own.
 */
function buildEnqueue(count: number): SQL {
  const value = (name: string, index: number) => sql.placeholder(`${name}${index}`);
  const rows = Array.from(
    { length: count },
    (_, index) =>
      sql`(${value('id', index)}::uuid, ${value('dedupeKey', index)}::text, ${value('topic', index)}::text,
        ${value('to', index)}::text, ${value('subject', index)}::text, ${value('text', index)}::text,
        ${value('html', index)}::text, ${value('headers', index)}::text, ${value('suppressible', index)}::boolean,
        ${value('address', index)}::text)`,
  );
  const leasedTo = sql`${sql.placeholder('leasedTo')}::text`;
  return sql`insert into mail_outbox (id, dedupe_key, topic, "to", subject, text, html, headers,
      status, attempts, locked_until, locked_by)
    select mail.id, mail.dedupe_key, mail.topic, mail."to", mail.subject, mail.text, mail.html, mail.headers,
      case when ${leasedTo} is null then 'pending' else 'sending' end,
      case when ${leasedTo} is null then 0 else 1 end,
      case when ${leasedTo} is null then null else now() + make_interval(secs => ${LEASE_SECONDS}) end,
      ${leasedTo}
    from (values ${sql.join(rows, sql`, `)})
      as mail (id, dedupe_key, topic, "to", subject, text, html, headers, suppressible, address)
    where not (mail.suppressible and exists (select from mail_suppressions where mail_suppressions.email = mail.address))
    on conflict (dedupe_key) do nothing
    returning id`;
}

const enqueueStatements = Array.from({ length: MAILS_PER_STATEMENT }, (_, index) =>
  prepareStatement<{ id: string }>(`enqueue_mail_${index + 1}`, () => buildEnqueue(index + 1)),
);

/**
 * Queues e-mails in the database (inside the caller's transaction when `db` is one), up to four in
 * one statement. For each, whether it was queued: false when an e-mail with its dedupe key was
 * queued before, or when it is suppressible and its address unsubscribed.
 */
export async function enqueueMails(db: Db, mails: OutgoingMail[]): Promise<boolean[]> {
  return (await insertMails(db, mails, null)).map((id) => id !== undefined);
}

/**
 * Queues e-mails leased to the mail worker of `instanceId` (this server), inside the caller's
 * transaction: once it commits, hand the rows to `wakeMailWorker(leased)` and they are sent
 * without being claimed. If this server dies first, its leases are taken over (worker.ts).
 * Returns the rows queued (not those left out by their dedupe key or a suppression).
 */
export async function enqueueLeasedMails(db: Db, mails: OutgoingMail[], instanceId: string): Promise<LeasedMail[]> {
  const ids = await insertMails(db, mails, instanceId);
  return mails.flatMap((mail, index) => {
    const id = ids[index];
    if (id === undefined) return [];
    const headers = mail.headers ? JSON.stringify(mail.headers) : null;
    return [{ id, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers, attempts: 1 }];
  });
}

/** Each mail's new row id, or undefined where it was left out. */
async function insertMails(db: Db, mails: OutgoingMail[], leasedTo: string | null): Promise<(string | undefined)[]> {
  const queued: (string | undefined)[] = [];
  for (let start = 0; start < mails.length; start += MAILS_PER_STATEMENT) {
    const batch = mails.slice(start, start + MAILS_PER_STATEMENT);
    const ids = batch.map(() => randomUUID());
    const values: Record<string, unknown> = { leasedTo };
    batch.forEach((mail, index) => {
      values[`id${index}`] = ids[index];
      values[`dedupeKey${index}`] = mail.dedupeKey ?? null;
      values[`topic${index}`] = mail.topic ?? null;
      values[`to${index}`] = mail.to;
      values[`subject${index}`] = mail.subject;
      values[`text${index}`] = mail.text;
      values[`html${index}`] = mail.html;
      values[`headers${index}`] = mail.headers ? JSON.stringify(mail.headers) : null;
      values[`suppressible${index}`] = mail.suppressible === true;
      values[`address${index}`] = mail.to.toLowerCase();
    });
    const inserted = new Set((await enqueueStatements[batch.length - 1]!(db, values)).map((row) => row.id));
    queued.push(...ids.map((id) => (inserted.has(id) ? id : undefined)));
  }
  return queued;
}

/**
 * Queues an e-mail in the database (inside the caller's transaction when `db` is one). Returns
 * false when an e-mail with the same dedupe key was already queued, or when it is suppressible and
 * its address unsubscribed.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<boolean> {
  const [queued] = await enqueueMails(db, [mail]);
  return queued === true;
}
