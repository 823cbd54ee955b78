// Runs in a worker thread (thread-transport.ts starts it): it owns the pooled nodemailer transport,
// so building MIME, TLS and the SMTP sockets cost the serving event loop nothing. It knows nothing
// of the database: the main thread claims, marks and retries rows; this thread only sends.
import { parentPort, workerData } from 'node:worker_threads';
import type { SendRequest, SendThreadData, ThreadReply } from './thread-transport.ts';
import { createMailTransport } from './transport.ts';

const { url } = workerData as SendThreadData;
const transport = createMailTransport(url);
const port = parentPort!;

port.on('message', (request: SendRequest) => {
  if (request.type === 'close') {
    // The main thread sends 'close' once nothing is in flight; the pool's sockets end, the thread exits.
    transport.close();
    port.close();
    return;
  }
  transport.sendMail(request.mail).then(
    (info) => {
      const reply: ThreadReply = {
        id: request.id,
        ok: true,
        info: {
          accepted: info.accepted.map(String),
          rejected: info.rejected.map(String),
          response: info.response,
          messageId: info.messageId,
        },
      };
      port.postMessage(reply);
    },
    (error: unknown) => {
      const { message, code, command, responseCode, response } = error as Error & {
        code?: string;
        command?: string;
        responseCode?: number;
        response?: string;
      };
      const reply: ThreadReply = {
        id: request.id,
        ok: false,
        error: { message: message ?? String(error), code, command, responseCode, response },
      };
      port.postMessage(reply);
    },
  );
});
