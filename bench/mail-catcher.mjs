// The SMTP server a benchmark's product server sends to (production needs SMTP_URL, and has no dev
// mailbox): it runs in the benchmark's process, so the server's CPU is its own work, as it is when
// it hands mail to a real SMTP server. Messages are kept raw and parsed only when asked for.
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const MAX_KEPT = 5_000;

/** Catchers by the product server's URL: bench-calendar.mjs answers `/api/dev/mail` from them. */
export const mailboxes = new Map();

export async function startBenchMailCatcher() {
  const kept = []; // { to: string[], raw: Buffer }, oldest first
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received++;
        kept.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          raw: Buffer.concat(chunks),
        });
        if (kept.length > MAX_KEPT) kept.splice(0, kept.length - MAX_KEPT);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    smtpUrl: `smtp://127.0.0.1:${server.server.address().port}`,
    /** How many messages arrived in all. */
    get received() {
      return received;
    },
    /** The messages to `to`, newest first, in the dev mailbox's shape. */
    async list(to) {
      const wanted = to?.trim().toLowerCase();
      const matching = kept.filter((message) => !wanted || message.to.includes(wanted)).reverse();
      return Promise.all(
        matching.map(async ({ to: recipients, raw }) => {
          const parsed = await simpleParser(raw);
          return {
            to: recipients,
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
          };
        }),
      );
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
