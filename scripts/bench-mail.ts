// `npm run bench:mail`: how fast the outbox worker empties a celebration fan-out. Queues 1,000
// e-mails (200 for the baseline) in the embedded database (PGlite), then lets the real worker send them over SMTP to the
// embedded catcher: once with one connection per e-mail, sequentially (how the worker sent before
// it was pooled), once as the product runs (pooled transport, parallel sends). With DATABASE_URL,
// the outbox lives in that PostgreSQL database instead (its tables are created by the migrations;
// the rows written here are deleted afterwards). A benchmark, not a test.
// Then the CPU one gift receipt costs to write (its layout filled in) and to compose as MIME
// (nodemailer, as the mail thread does, into memory: no SMTP), the e-mail part of issue 27's CPU per gift.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { like } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { createContributionReceipt } from '../server/src/contributions/contribution-receipt.ts';
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

/** A paid gift's receipt, as the webhook writes it: the real template, in English. */
function renderReceipt(index: number) {
  return createContributionReceipt(
    'https://firstday.app',
    {
      id: randomUUID(),
      email: `guest-${index}@example.com`,
      locale: 'en',
      name: 'Grace Hopper',
      guessedDate: '2030-01-10',
      wish: 'Welcome to the world, little one! We cannot wait to meet you.',
      giftAmount: 2500,
      updatedAt: new Date(),
    },
    { slug: 'abc123', title: 'Baby Rose', firstName: 'Anna', background: 'pink', currency: 'usd' },
    randomUUID(),
    { cardLast4: '4242' },
  );
}

/** Process CPU (ms) per call of `work`, after a warm-up. */
async function cpuPer(count: number, work: (index: number) => Promise<unknown>): Promise<number> {
  for (let index = 0; index < 200; index++) await work(index);
  const before = process.cpuUsage();
  for (let index = 0; index < count; index++) await work(index);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / count;
}

/** What one receipt costs to write and to compose, 3 rounds of 1,000: min / median / max. */
async function measureComposing() {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const mail = await renderReceipt(0);
  const size = ((await composer.sendMail({ ...mail, from: 'Firstday <hello@firstday.app>' })).message as Buffer).length;
  const rounds = { render: [] as number[], compose: [] as number[] };
  for (let round = 0; round < 3; round++) {
    rounds.render.push(await cpuPer(1000, renderReceipt));
    rounds.compose.push(
      await cpuPer(1000, (index) =>
        composer.sendMail({ ...mail, to: `guest-${index}@example.com`, from: 'Firstday <hello@firstday.app>' }),
      ),
    );
  }
  const spread = (values: number[]) =>
    [...values]
      .sort((a, b) => a - b)
      .map((value) => value.toFixed(2))
      .join(' / ');
  console.log(`gift receipt: ${mail.html.length} characters of HTML, ${size} bytes as MIME`);
  console.log(`  CPU to write it (template and layout), ms: ${spread(rounds.render)}`);
  console.log(`  CPU to compose it as MIME (nodemailer), ms: ${spread(rounds.compose)}`);
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
await measureComposing();
await catcher.close();
await instance.stop();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
