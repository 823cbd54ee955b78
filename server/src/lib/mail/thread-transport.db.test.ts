import { eq, sql } from 'drizzle-orm';
import type { Logger as DrizzleLogger } from 'drizzle-orm/logger';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/test-database.ts';
import type { Db } from '../db.ts';
import { registerInstance, type ServerInstance } from '../instance.ts';
import { createLogger } from '../logger.ts';
import { enqueueMail } from './outbox.ts';
import { mailOutbox } from './schema.ts';
import { createThreadedMailTransport, type ThreadedMailTransport } from './thread-transport.ts';
import { createMailWorker } from './worker.ts';

const logger = createLogger('silent');
let database: TestDatabase;
let instance: ServerInstance;

/**
 * A real SMTP server on 127.0.0.1: it refuses refused@ for good (550) and busy@ for now (451),
 * accepts the rest; a message to slow@ is answered only when the test calls `releaseSlow`.
 */
type Received = { to: string[]; subject: string; messageId?: string };
const received: Received[] = [];
let releaseSlow: (() => void) | undefined;
let smtpUrl: string;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    if (address.address === 'refused@example.com') {
      return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
    }
    if (address.address === 'busy@example.com') {
      return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
    simpleParser(stream)
      .then((parsed) => {
        const deliver = () => {
          received.push({ to, subject: parsed.subject ?? '', messageId: parsed.messageId });
          callback();
        };
        if (to.includes('slow@example.com')) releaseSlow = deliver;
        else deliver();
      })
      .catch(callback);
  },
});

let transport: ThreadedMailTransport;

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await registerInstance(database);
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const address = smtp.server.address();
  smtpUrl = `smtp://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  transport = createThreadedMailTransport(smtpUrl, { logger });
});
afterAll(async () => {
  await transport.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await instance.stop();
  await database.close();
});
afterEach(async () => {
  await database.db.delete(mailOutbox);
  received.length = 0;
});

function createWorker(db: Db = database.db, options: { pollIntervalMs?: number } = {}) {
  return createMailWorker({
    db,
    transport,
    from: 'Firstday <hello@firstday.test>',
    logger,
    instanceId: instance.id,
    ...options,
  });
}

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: 'Hi', html: '<p>Hi</p>' });

async function rowTo(to: string) {
  const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
  return row!;
}

/** The same database through a drizzle instance that records every statement it sends. */
function createRecordingDb(statements: string[]): Db {
  const recorder: DrizzleLogger = { logQuery: (query) => statements.push(query.replace(/\s+/g, ' ').trim()) };
  const client = (database.db as unknown as { $client: never }).$client;
  return (database.kind === 'pglite'
    ? drizzlePglite(client, { logger: recorder })
    : drizzlePg(client, { logger: recorder })) as unknown as Db;
}

describe('the worker-thread mail transport', () => {
  it('delivers through the thread with the Message-ID of its row, and marks the row sent', async () => {
    await enqueueMail(database.db, mail('guest@example.com'));
    const { id } = await rowTo('guest@example.com');
    expect(await createWorker().processDue()).toBe(1);

    expect(received).toEqual([
      { to: ['guest@example.com'], subject: 'Hello guest@example.com', messageId: `<${id}@firstday.mail>` },
    ]);
    const row = await rowTo('guest@example.com');
    expect(row.status).toBe('sent');
    expect(row.html).toBe('');
  });

  it('gives up on a 5xx refusal and retries a 4xx one later, as with an in-process transport', async () => {
    await enqueueMail(database.db, mail('refused@example.com'));
    await enqueueMail(database.db, mail('busy@example.com'));
    await createWorker().processDue();

    const refused = await rowTo('refused@example.com');
    expect(refused.status).toBe('failed');
    expect(refused.lastError).toContain('No such user');
    expect(refused.html).toBe('');

    const busy = await rowTo('busy@example.com');
    expect(busy.status).toBe('pending');
    expect(busy.attempts).toBe(1);
    expect(busy.lastError).toContain('Mailbox busy');
    expect(busy.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(busy.html).toBe('<p>Hi</p>');
    expect(received).toEqual([]);
  });

  it('marks every sent mail of a batch with one statement, the next claim', async () => {
    const addresses = Array.from({ length: 6 }, (_, index) => `batch${index}@example.com`);
    for (const to of addresses) await enqueueMail(database.db, mail(to));
    const statements: string[] = [];
    const worker = createWorker(createRecordingDb(statements), { pollIntervalMs: 60_000 });
    worker.start();
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(6);
    // The claim of all six; the batch was short (the queue was empty), so the pass ended there and
    // the marks wait for the next claim: a wake's (here) or the next poll's.
    expect(statements).toHaveLength(1);
    worker.wake();
    await expect.poll(() => statements.length, { timeout: 10_000 }).toBe(2);
    expect(statements[1]).toMatch(
      /^with marked as \(update "mail_outbox" set .* where \("mail_outbox"\."id" in \((\$\d+, ){5}\$\d+\)/,
    );
    await worker.stop();

    expect(received.map((message) => message.to[0]).sort()).toEqual([...addresses].sort());
    expect(statements).toHaveLength(2);
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => [row.status, row.text, row.html])).toEqual(addresses.map(() => ['sent', '', '']));
  });

  it('turns a send the crashed thread never answered into a retry, and sends it from a new thread', async () => {
    await enqueueMail(database.db, mail('slow@example.com'));
    const pass = createWorker().processDue();
    await expect.poll(() => releaseSlow, { timeout: 10_000 }).toBeDefined();
    await transport.terminateThread();
    await pass;
    // The SMTP server had the message but never said so: it stays the outbox's to send again.
    releaseSlow = undefined;

    const crashed = await rowTo('slow@example.com');
    expect(crashed.status).toBe('pending');
    expect(crashed.lastError).toContain('exited');

    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, crashed.id));
    const retry = createWorker().processDue();
    await expect.poll(() => releaseSlow, { timeout: 10_000 }).toBeDefined();
    releaseSlow!();
    expect(await retry).toBe(1);
    expect((await rowTo('slow@example.com')).status).toBe('sent');
    expect(received.map((message) => message.messageId)).toEqual([`<${crashed.id}@firstday.mail>`]);
  });

  it('closes after the sends in flight are answered', async () => {
    const closing = createThreadedMailTransport(smtpUrl, { logger });
    releaseSlow = undefined;
    const send = closing.sendMail({
      from: 'hello@firstday.test',
      to: 'slow@example.com',
      subject: 'Closing',
      text: 'Hi',
      html: '<p>Hi</p>',
      messageId: '<closing@firstday.mail>',
    });
    await expect.poll(() => releaseSlow, { timeout: 10_000 }).toBeDefined();
    let closed = false;
    const close = closing.close().then(() => {
      closed = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(false);
    releaseSlow!();
    await expect(send).resolves.toMatchObject({ accepted: ['slow@example.com'] });
    await close;
    await expect(
      closing.sendMail({ from: 'a@b.c', to: 'x@example.com', subject: '', text: '', html: '', messageId: '<x@y>' }),
    ).rejects.toThrow('closed');
  });
});
