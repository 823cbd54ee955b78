import { eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../../test/test-database.ts';
import type { Database } from '../db.ts';
import { INSTANCE_LOCK_NAMESPACE, registerInstance, type ServerInstance } from '../instance.ts';
import { createLogger } from '../logger.ts';
import { type MailCatcher, startMailCatcher } from './catcher.ts';
import { enqueueLeasedMails, enqueueMail } from './outbox.ts';
import { mailOutbox } from './schema.ts';
import { createMailWorker, getRetryDelaySeconds } from './worker.ts';

const logger = createLogger('silent');
let database: Database;
let catcher: MailCatcher;
let instance: ServerInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  catcher = await startMailCatcher();
  instance = await registerInstance(database);
});
afterAll(async () => {
  await catcher.close();
  await instance.stop();
  await database.close();
});
afterEach(async () => {
  await database.db.delete(mailOutbox);
});

function createWorker(smtpUrl = catcher.smtpUrl) {
  const transport = nodemailer.createTransport(smtpUrl);
  return createMailWorker({
    db: database.db,
    transport,
    from: 'Firstday <hello@firstday.test>',
    logger,
    instanceId: instance.id,
  });
}

const mail = (to: string, dedupeKey?: string) => ({
  to,
  subject: `Hello ${to}`,
  text: 'Hi',
  html: '<p>Hi</p>',
  dedupeKey,
});

describe('mail outbox', () => {
  it('keeps the HTML uncompressed: it is erased seconds later, compressing it only costs CPU', async () => {
    const result = (await database.db.execute(sql`
      select attstorage from pg_attribute
      where attrelid = 'mail_outbox'::regclass and attname = 'html'`)) as unknown as {
      rows: { attstorage: string }[];
    };
    expect(result.rows[0]?.attstorage).toBe('e');
  });

  it('queues an e-mail once per dedupe key', async () => {
    expect(await enqueueMail(database.db, mail('once@example.com', 'k1'))).toBe(true);
    expect(await enqueueMail(database.db, mail('once@example.com', 'k1'))).toBe(false);
    await createWorker().processDue();
    expect(catcher.list('once@example.com')).toHaveLength(1);
  });

  it('sends every queued e-mail exactly once when two workers run at the same time', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `parallel${i}@example.com`);
    for (const to of addresses) await enqueueMail(database.db, mail(to));
    await Promise.all([createWorker().processDue(), createWorker().processDue()]);
    for (const to of addresses) expect(catcher.list(to)).toHaveLength(1);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.every((row) => row.status === 'sent')).toBe(true);
  });

  it('after a crash, sends what was pending or abandoned mid-send, and never what was sent', async () => {
    await enqueueMail(database.db, mail('sent-before@example.com'));
    await createWorker().processDue();
    await enqueueMail(database.db, mail('pending@example.com'));
    await enqueueMail(database.db, mail('abandoned@example.com'));
    // A worker that died mid-send leaves its row 'sending' with a lease that runs out.
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.to, 'abandoned@example.com'));

    await createWorker().processDue();
    expect(catcher.list('sent-before@example.com')).toHaveLength(1);
    expect(catcher.list('pending@example.com')).toHaveLength(1);
    expect(catcher.list('abandoned@example.com')).toHaveLength(1);
  });

  it('takes over at once what a crashed server was sending, without waiting for its lease', async () => {
    await enqueueMail(database.db, mail('mid-send@example.com'));
    // Claimed a moment before the crash: the lease still has two minutes to run.
    await database.db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: 1,
        lockedBy: 'crashed-server',
        lockedUntil: sql`now() + interval '2 minutes'`,
      })
      .where(eq(mailOutbox.to, 'mid-send@example.com'));
    expect(await createWorker().processDue()).toBe(1);
    expect(catcher.list('mid-send@example.com')).toHaveLength(1);
  });

  it('leaves alone what another worker of this process is sending', async () => {
    const sibling = await registerInstance(database);
    try {
      await enqueueMail(database.db, mail('sibling@example.com'));
      await database.db
        .update(mailOutbox)
        .set({ status: 'sending', lockedBy: sibling.id, lockedUntil: sql`now() + interval '1 minute'` })
        .where(eq(mailOutbox.to, 'sibling@example.com'));
      expect(await createWorker().processDue()).toBe(0);
    } finally {
      await sibling.stop();
    }
  });

  // Another process can only share a PostgreSQL server: PGlite's data folder has one process.
  it.runIf(testDatabaseKind === 'postgres')('leaves alone what a live server elsewhere is sending', async () => {
    // 'Elsewhere' is a connection of its own holding that server's instance lock, in this database.
    const { rows } = (await database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[];
    };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const elsewhere = new pg.Client({ connectionString: url.href });
    await elsewhere.connect();
    await elsewhere.query('select pg_advisory_lock($1::int4, hashtext($2))', [INSTANCE_LOCK_NAMESPACE, 'live-server']);
    await enqueueMail(database.db, mail('elsewhere@example.com'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', lockedBy: 'live-server', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.to, 'elsewhere@example.com'));
    expect(await createWorker().processDue()).toBe(0);

    // That server's process ends (its connection with it): the e-mail is taken over at once.
    await elsewhere.end();
    expect(await createWorker().processDue()).toBe(1);
    expect(catcher.list('elsewhere@example.com')).toHaveLength(1);
  });

  it("sends rows queued leased to it without claiming them; a dead server's leased rows are taken over", async () => {
    const [handed] = await enqueueLeasedMails(database.db, [mail('handed@example.com')], instance.id);
    expect(handed).toMatchObject({ to: 'handed@example.com', attempts: 1 });
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, handed!.id));
    expect(row).toMatchObject({ status: 'sending', lockedBy: instance.id, attempts: 1 });
    // Another worker of a live server leaves it alone; its own worker sends it when handed the row.
    expect(await createWorker().processDue()).toBe(0);
    const worker = createWorker();
    worker.wake([handed!]);
    expect(await worker.processDue()).toBe(1);
    expect(catcher.list('handed@example.com')).toHaveLength(1);
    const [sent] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, handed!.id));
    expect(sent).toMatchObject({ status: 'sent', html: '' });

    // Leased to a server that died before handing them over: the next claim takes them.
    const gone = await registerInstance(database);
    await enqueueLeasedMails(database.db, [mail('orphan@example.com')], gone.id);
    expect(await createWorker().processDue()).toBe(0);
    await gone.stop();
    expect(await createWorker().processDue()).toBe(1);
    expect(catcher.list('orphan@example.com')).toHaveLength(1);
  });

  it('does not touch a row another live worker holds', async () => {
    await enqueueMail(database.db, mail('leased@example.com'));
    await database.db
      .update(mailOutbox)
      .set({ status: 'sending', lockedUntil: sql`now() + interval '1 minute'` })
      .where(eq(mailOutbox.to, 'leased@example.com'));
    expect(await createWorker().processDue()).toBe(0);
    expect(catcher.list('leased@example.com')).toHaveLength(0);
  });

  it('retries with backoff when the SMTP server is down, then sends once it is back', async () => {
    await enqueueMail(database.db, mail('retry@example.com'));
    await createWorker('smtp://127.0.0.1:1').processDue();
    const [failed] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'retry@example.com'));
    expect(failed?.status).toBe('pending');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent.
    expect(await createWorker().processDue()).toBe(0);
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, failed!.id));
    await createWorker().processDue();
    expect(catcher.list('retry@example.com')).toHaveLength(1);
  });

  it('gives up at once on an address the server refuses permanently', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (_address, _session, callback) =>
        callback(Object.assign(new Error('No such user'), { responseCode: 550 })),
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const address = refusing.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      await enqueueMail(database.db, mail('nobody@example.com'));
      await createWorker(`smtp://127.0.0.1:${port}`).processDue();
      const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'nobody@example.com'));
      expect(row?.status).toBe('failed');
      expect(row?.lastError).toContain('No such user');
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('getRetryDelaySeconds', () => {
  it('doubles from 5 seconds and stops at one hour', () => {
    expect([1, 2, 3, 4].map(getRetryDelaySeconds)).toEqual([5, 10, 20, 40]);
    expect(getRetryDelaySeconds(20)).toBe(3600);
  });
});
