import type { BackgroundId } from '@firstday/common/calendars';
import { imageUrl } from '@firstday/common/images';
import type { Locale } from '@firstday/common/locales';
import { SITE } from '@firstday/common/site';
import mjml2html from 'mjml';
import { escapeHtml } from '../lib/escape-html.ts';
import { serverTranslator } from '../lib/i18n.ts';
import { createUnsubscribeHeaders } from '../lib/mail/suppression.ts';

/** What a template says; the layout adds the rest (logo, header image, colours, footer). */
export type EmailContent = {
  /** APP_URL: images and links must be absolute for mail clients. */
  appUrl: string;
  /** The reader's language: the layout's own texts and the `lang` attribute. */
  locale: Locale;
  subject: string;
  heading: string;
  paragraphs: readonly string[];
  action?: { label: string; url: string };
  /** Text links after the paragraphs (and before the button), for a second destination. */
  links?: readonly { label: string; url: string }[];
  /** Small print above the company's address, e.g. why the reader got this e-mail. */
  footer?: readonly string[];
  /** The calendar the e-mail is about paints the page in its background colour. */
  background?: BackgroundId;
  /** Non-transactional mail only: the footer link and the List-Unsubscribe headers. */
  unsubscribeUrl?: string;
  /** A photo above the text (absolute URL), e.g. the baby's in a thank-you note. */
  image?: { url: string; alt: string };
};

/** A stored photo for an e-mail: its absolute address, a JPEG (every mail client shows one) wide enough for the layout. */
export function getEmailPhotoUrl(appUrl: string, imageId: string): string {
  return `${appUrl}${imageUrl(imageId, 640, 'jpeg')}`;
}

/** A rendered e-mail, ready for `enqueueMail`. */
export type Email = { subject: string; text: string; html: string; headers?: Record<string, string> };

/** The web build serves these files (web/public/email/); kept small, PNG for every mail client. */
export const LOGO_PATH = '/email/logo.png';
export const HEADER_IMAGE_PATH = '/email/header.png';

/** The `-100` shades of web/src/styles/global.css: the page around the white card. */
const PAGE_COLOURS: Record<BackgroundId, string> = { pink: '#fde3ea', blue: '#dcedf9', sun: '#fff0c2' };
const INK = '#2a2136';
const MUTED = '#5b5066';
const ACCENT = '#b53764';

type Variant = { locale: Locale; background: BackgroundId; action: boolean; unsubscribe: boolean; image: boolean };

/**
 * The one layout, in MJML. Parts that differ between e-mails are `{{slots}}`, filled with escaped
 * HTML after compiling: a variant compiles once per process (MJML takes milliseconds per compile,
 * a celebration fans out to every participant).
 */
function buildLayout(variant: Variant): string {
  const t = serverTranslator(variant.locale);
  // The address is a link inside the sentence: translate around a marker, then put the link in.
  const marker = '\u0000';
  const questions = t('emails.layout.questions', { email: marker })
    .split(marker)
    .map(escapeHtml)
    .join(`<a href="mailto:${SITE.supportEmail}" style="color:${MUTED}">${SITE.supportEmail}</a>`);
  const button = variant.action
    ? `<mj-button href="{{actionUrl}}" background-color="${ACCENT}" color="#ffffff" font-size="16px" font-weight="bold" border-radius="999px" inner-padding="14px 28px" padding="8px 0 16px" align="left">{{actionLabel}}</mj-button>`
    : '';
  const image = variant.image
    ? '<mj-image src="{{imageUrl}}" alt="{{imageAlt}}" width="536px" padding="0 0 20px" border-radius="12px" />'
    : '';
  const unsubscribe = variant.unsubscribe
    ? `<p style="margin:8px 0 0"><a href="{{unsubscribeUrl}}" style="color:${MUTED}">${escapeHtml(t('emails.layout.unsubscribe'))}</a></p>`
    : '';
  return `<mjml lang="${variant.locale}">
  <mj-head>
    <mj-title>{{subject}}</mj-title>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text color="${INK}" font-size="16px" line-height="1.6" padding="0" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="${PAGE_COLOURS[variant.background]}" width="600px">
    <mj-section padding="24px 16px 16px">
      <mj-column>
        <mj-image src="{{logoUrl}}" href="{{homeUrl}}" alt="Firstday" width="140px" height="32px" align="left" padding="0" />
      </mj-column>
    </mj-section>
    <mj-wrapper background-color="#ffffff" border-radius="16px" padding="0">
      <mj-section padding="0">
        <mj-column>
          <mj-image src="{{headerUrl}}" alt="" width="600px" padding="0" border-radius="16px 16px 0 0" />
        </mj-column>
      </mj-section>
      <mj-section padding="28px 32px 16px">
        <mj-column>
          <mj-text font-size="24px" line-height="1.3" padding="0 0 16px"><h1 style="margin:0;font-size:24px;font-weight:bold">{{heading}}</h1></mj-text>
          ${image}
          <mj-text>{{body}}</mj-text>
          ${button}
        </mj-column>
      </mj-section>
    </mj-wrapper>
    <mj-section padding="16px 32px 32px">
      <mj-column>
        <mj-text color="${MUTED}" font-size="13px" line-height="1.5">{{footer}}<p style="margin:12px 0 0">Firstday · ${escapeHtml(SITE.address)}</p><p style="margin:4px 0 0">${questions}</p>${unsubscribe}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

const compiled = new Map<string, Promise<string>>();

function compileLayout(variant: Variant): Promise<string> {
  const key = `${variant.locale}:${variant.background}:${variant.action}:${variant.unsubscribe}:${variant.image}`;
  let layout = compiled.get(key);
  if (!layout) {
    layout = mjml2html(buildLayout(variant), { validationLevel: 'strict' }).then((result) => result.html);
    layout.catch(() => compiled.delete(key));
    compiled.set(key, layout);
  }
  return layout;
}

function fillSlots(layout: string, slots: Record<string, string>): string {
  // One pass: text put into a slot is never read as a slot itself.
  return layout.replace(/\{\{(\w+)\}\}/g, (slot, name: string) => slots[name] ?? slot);
}

function renderText(content: EmailContent): string {
  const t = serverTranslator(content.locale);
  return [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.links ?? []).flatMap((link) => [`${link.label}: ${link.url}`, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    '—',
    'Firstday',
    ...(content.footer ?? []),
    SITE.address,
    t('emails.layout.questions', { email: SITE.supportEmail }),
    ...(content.unsubscribeUrl ? [`${t('emails.layout.unsubscribe')}: ${content.unsubscribeUrl}`] : []),
  ].join('\n');
}

/** Renders the HTML and plain-text parts of an e-mail in the layout; every piece of text is escaped. */
export async function renderEmail(content: EmailContent): Promise<Email> {
  const layout = await compileLayout({
    locale: content.locale,
    background: content.background ?? 'pink',
    action: content.action !== undefined,
    unsubscribe: content.unsubscribeUrl !== undefined,
    image: content.image !== undefined,
  });
  const html = fillSlots(layout, {
    subject: escapeHtml(content.subject),
    logoUrl: escapeHtml(`${content.appUrl}${LOGO_PATH}`),
    headerUrl: escapeHtml(`${content.appUrl}${HEADER_IMAGE_PATH}`),
    homeUrl: escapeHtml(`${content.appUrl}/`),
    heading: escapeHtml(content.heading),
    body: [
      ...content.paragraphs.map((paragraph) => `<p style="margin:0 0 16px">${escapeHtml(paragraph)}</p>`),
      ...(content.links ?? []).map(
        (link) =>
          `<p style="margin:0 0 16px"><a href="${escapeHtml(link.url)}" style="color:${ACCENT};font-weight:bold">${escapeHtml(link.label)}</a></p>`,
      ),
    ].join(''),
    actionUrl: escapeHtml(content.action?.url ?? ''),
    actionLabel: escapeHtml(content.action?.label ?? ''),
    footer: (content.footer ?? []).map((line) => `<p style="margin:0 0 4px">${escapeHtml(line)}</p>`).join(''),
    unsubscribeUrl: escapeHtml(content.unsubscribeUrl ?? ''),
    imageUrl: escapeHtml(content.image?.url ?? ''),
    imageAlt: escapeHtml(content.image?.alt ?? ''),
  });
  return {
    subject: content.subject,
    text: renderText(content),
    html,
    ...(content.unsubscribeUrl ? { headers: createUnsubscribeHeaders(content.unsubscribeUrl) } : {}),
  };
}
