import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type CaughtMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
  messageId?: string;
};

const MAX_KEPT = 1000;

/**
 * Embedded SMTP server for development and tests: accepts every message on 127.0.0.1 and keeps
 * the newest ones in memory for the dev mailbox. Never started when SMTP_URL is set.
 */
export async function startMailCatcher(port = 0) {
  const messages: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.unshift({
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            date: (parsed.date ?? new Date()).toISOString(),
            messageId: parsed.messageId,
          });
          messages.length = Math.min(messages.length, MAX_KEPT);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  return {
    smtpUrl: `smtp://127.0.0.1:${boundPort}`,
    /** Newest first; only messages addressed to `to` when given. */
    list(to?: string): CaughtMail[] {
      const wanted = to?.trim().toLowerCase();
      return wanted ? messages.filter((message) => message.to.includes(wanted)) : [...messages];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;
