import { randomUUID } from 'node:crypto';
import type { Db } from '../db.ts';
import { mailOutbox } from './schema.ts';
import { isSuppressed } from './suppression.ts';

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

/**
 * Queues an e-mail in the database (inside the caller's transaction when `db` is one). Returns
 * false when an e-mail with the same dedupe key was already queued.
 */
export async function enqueueMail(db: Db, mail: OutgoingMail): Promise<boolean> {
  if (mail.suppressible && (await isSuppressed(db, mail.to))) return false;
  const inserted = await db
    .insert(mailOutbox)
    .values({
      id: randomUUID(),
      dedupeKey: mail.dedupeKey,
      topic: mail.topic,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}
