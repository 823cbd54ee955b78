/** Builds the plain-text and HTML parts of a Firstday e-mail; every piece of text is escaped. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

type EmailContent = {
  heading: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Small print, e.g. why the reader got this e-mail and how to unsubscribe. */
  footer?: readonly string[];
  unsubscribeUrl?: string;
};

export function renderEmail(content: EmailContent): { text: string; html: string } {
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    'Firstday',
    ...(content.footer ?? []),
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
  ].join('\n');

  const button = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:#b53764;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:999px;font-weight:bold;display:inline-block">${escapeHtml(content.action.label)}</a></p>`
    : '';
  const footer = [
    ...(content.footer ?? []).map((line) => escapeHtml(line)),
    ...(content.unsubscribeUrl
      ? [`<a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#5b5066">Unsubscribe</a>`]
      : []),
  ]
    .map((line) => `<p style="margin:4px 0">${line}</p>`)
    .join('');
  const html = `<!doctype html><html lang="en"><body style="margin:0;background:#fffaf7;font-family:Arial,Helvetica,sans-serif;color:#2a2136">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-weight:bold;font-size:20px;color:#b53764;margin:0 0 24px">Firstday</p>
<h1 style="font-size:24px;margin:0 0 16px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="font-size:16px;line-height:1.6;margin:0 0 16px">${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
<div style="border-top:1px solid #ece4ec;margin-top:32px;padding-top:16px;font-size:13px;color:#5b5066">${footer}</div>
</div></body></html>`;
  return { text, html };
}
