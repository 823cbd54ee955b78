// `npm run bench:mail`: how fast the outbox worker empties a celebration fan-out. Queues 1,000
// e-mails (200 for the baseline) in the embedded database (PGlite), then lets the real worker send them over SMTP to the
// embedded catcher: once with one connection per e-mail, sequentially (how the worker sent before
// it was pooled), once as the product runs (pooled transport, parallel sends). With DATABASE_URL,
// the outbox lives in that PostgreSQL database instead (its tables are created by the migrations;
// the rows written here are deleted afterwards). A benchmark, not a test.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { openDatabase } from '../server/src/lib/db.ts';
import { registerInstance } from '../server/src/lib/instance.ts';
import { createLogger } from '../server/src/lib/logger.ts';
import { startMailCatcher } from '../server/src/lib/mail/catcher.ts';
import { enqueueMail } from '../server/src/lib/mail/outbox.ts';
import { mailOutbox } from '../server/src/lib/mail/schema.ts';
import { createMailTransport } from '../server/src/lib/mail/transport.ts';
import { createMailWorker } from '../server/src/lib/mail/worker.ts';

const MAILS = 1000;
/** The baseline is slow (a handshake per e-mail): fewer e-mails give the same rate. */
const BASELINE_MAILS = 200;

const dataDir = mkdtempSync(path.join(tmpdir(), 'firstday-bench-mail-'));
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir });
const instance = await registerInstance(database);
const catcher = await startMailCatcher();
const logger = createLogger('silent');

/** Queues `MAILS` e-mails under a fresh prefix and times the worker until all are sent. */
async function measure(label: string, transport: Pick<nodemailer.Transporter, 'sendMail'>, count = MAILS) {
  const run = randomUUID();
  for (let index = 0; index < count; index++) {
    await enqueueMail(database.db, {
      to: `guest-${index}-${run}@example.com`,
      dedupeKey: `bench:${run}:${index}`,
      topic: `bench:${run}`,
      subject: 'The baby is here!',
      text: 'A celebration e-mail of realistic size. '.repeat(40),
      html: `<p>${'A celebration e-mail of realistic size. '.repeat(40)}</p>`,
    });
  }
  const worker = createMailWorker({
    db: database.db,
    transport,
    from: 'Firstday <hello@firstday.app>',
    logger,
    instanceId: instance.id,
  });
  const started = performance.now();
  await worker.processDue();
  const seconds = (performance.now() - started) / 1000;
  const delivered = catcher.list().filter((mail) => mail.to.some((to) => to.includes(run))).length;
  console.log(
    `${label}: ${count} e-mails in ${seconds.toFixed(1)} s = ${Math.round(count / seconds)} e-mails/s (delivered ${delivered})`,
  );
  await database.db.delete(mailOutbox).where(like(mailOutbox.dedupeKey, `bench:${run}:%`));
}

/** A fresh connection for each message, sends serialised by the lock below. */
let lock = Promise.resolve();
function sendAlone(mail: nodemailer.SendMailOptions) {
  const sent = lock.then(async () => {
    const transport = nodemailer.createTransport(catcher.smtpUrl);
    try {
      return await transport.sendMail(mail);
    } finally {
      transport.close();
    }
  });
  lock = sent.then(
    () => undefined,
    () => undefined,
  );
  return sent;
}

console.log(`database: ${database.kind}`);
// The baseline: a new SMTP connection per e-mail, one at a time (the worker before pooling).
const perMessage = { sendMail: sendAlone } as Pick<nodemailer.Transporter, 'sendMail'>;
await measure('one connection per e-mail, sequential', perMessage, BASELINE_MAILS);
const pooled = createMailTransport(catcher.smtpUrl);
await measure('pooled transport, parallel sends (the product)', pooled);
pooled.close();
await catcher.close();
await instance.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
