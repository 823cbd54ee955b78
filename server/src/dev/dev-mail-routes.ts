import { Hono } from 'hono';
import { escapeHtml } from '../lib/escape-html.ts';
import type { MailCatcher } from '../lib/mail/catcher.ts';

/** JSON view of the embedded catcher, newest first: `GET /api/dev/mail?to=<address>`. */
export function createDevMailApi(catcher: MailCatcher) {
  return new Hono().get('/', (c) => {
    const messages = catcher.list(c.req.query('to')).map(({ to, subject, text, html, date }) => ({
      to,
      subject,
      text,
      html,
      date,
    }));
    return c.json(messages);
  });
}

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; form-action 'self'";

/** The dev mailbox page: `GET /dev/mail`. Each message's HTML is shown in a sandboxed frame. */
export function createDevMailPage(catcher: MailCatcher) {
  return new Hono().get('/', (c) => {
    const to = c.req.query('to') ?? '';
    const items = catcher
      .list(to || undefined)
      .map(
        (message) => `<article>
<h2>${escapeHtml(message.subject)}</h2>
<p class="meta">To ${escapeHtml(message.to.join(', '))} · ${escapeHtml(new Date(message.date).toUTCString())}</p>
<iframe sandbox title="${escapeHtml(message.subject)}" srcdoc="${escapeHtml(message.html || `<pre>${escapeHtml(message.text)}</pre>`)}"></iframe>
<details><summary>Plain text</summary><pre>${escapeHtml(message.text)}</pre></details>
</article>`,
      )
      .join('\n');
    c.header('Content-Security-Policy', PAGE_CSP);
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev mailbox – Firstday</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#fffaf7;color:#2a2136}main{max-width:900px;margin:0 auto;padding:24px}
article{background:#fff;border:1px solid #ece4ec;border-radius:16px;padding:16px 20px;margin:16px 0}h2{margin:0 0 4px;font-size:18px}
.meta{color:#5b5066;margin:0 0 12px;font-size:14px}iframe{width:100%;height:420px;border:1px solid #ece4ec;border-radius:8px}
form{display:flex;gap:8px;align-items:center}input{flex:1;padding:8px;font:inherit}button{padding:8px 16px;font:inherit}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev mailbox</h1><p>Every e-mail the server sent through the embedded SMTP catcher, newest first. This page does not exist when SMTP_URL is set.</p>
<form method="get"><label for="to">Recipient</label><input id="to" name="to" type="email" value="${escapeHtml(to)}"><button>Filter</button></form>
${items || '<p>No messages yet.</p>'}</main></body></html>`);
  });
}
