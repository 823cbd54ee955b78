import type { BackgroundId } from '@firstday/common/calendars';
import { formatLongDate } from '@firstday/common/format';
import type { Locale } from '@firstday/common/locales';
import { escapeHtml } from '../lib/escape-html.ts';
import { serverTranslator } from '../lib/i18n.ts';

export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

const PALETTES: Record<BackgroundId, { from: string; to: string; accent: string; ink: string }> = {
  pink: { from: '#ffe3ec', to: '#fbb8cc', accent: '#b53764', ink: '#2a2136' },
  blue: { from: '#e3f1ff', to: '#a9d2f5', accent: '#1f5f99', ink: '#1b2a3a' },
  sun: { from: '#fff6d6', to: '#ffd37a', accent: '#a35a00', ink: '#3a2a12' },
};

/** Greedy word wrap; a word longer than a line is cut. At most `maxLines`, the last one ellipsised. */
function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if ([...candidate].length <= maxChars) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = [...word].slice(0, maxChars).join('');
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${[...kept[maxLines - 1]!].slice(0, maxChars - 1).join('')}…`;
  return kept;
}

/** The parents' cover photo, embedded in the SVG (a JPEG as a data: address, which resvg reads). */
export type OgPhoto = { jpeg: Uint8Array; width: number; height: number };

/** Where the photo sits: the right side, with rounded corners, cropped to fill. */
const PHOTO_BOX = { x: 700, y: 60, width: 440, height: 510, radius: 36 };

/** The announced birth: the preview then says the baby has arrived, under the calendar's name. */
export type OgBirth = { babyName: string | null; birthDate: string };

/**
 * The share preview, in the language of the page that links it: calendar name, due date, the
 * calendar's background colours and the parents' photo; after the birth the news ('Mia has
 * arrived!', the birth date, the calendar's name) and the baby's photo when the parents gave one.
 */
export function renderOgSvg(
  calendar: { title: string; dueDate: string; background: BackgroundId; born?: OgBirth | null },
  photo?: OgPhoto | null,
  locale: Locale = 'en',
): string {
  const t = serverTranslator(locale);
  const born = calendar.born ?? null;
  const headline = born ? t('calendars.shareImage.arrived', { name: born.babyName ?? 'none' }) : calendar.title;
  const dateLine = born
    ? t('calendars.shareImage.born', { date: formatLongDate(born.birthDate, locale) })
    : t('calendars.shareImage.due', { date: formatLongDate(calendar.dueDate, locale) });
  const footer = born ? calendar.title : t('calendars.shareImage.invite');
  const palette = PALETTES[calendar.background] ?? PALETTES.pink;
  // Beside the photo the text has a little more than half the width.
  const titleSize = photo ? 64 : 80;
  const lineHeight = photo ? 78 : 96;
  const titleLines = wrapText(headline, photo ? 16 : 24, photo ? 3 : 2);
  const titleTop = titleLines.length === 1 ? 300 : 250;
  const title = titleLines
    .map((line, index) => `<tspan x="90" y="${titleTop + index * lineHeight}">${escapeHtml(line)}</tspan>`)
    .join('');
  const box = PHOTO_BOX;
  const picture = photo
    ? `<clipPath id="photo"><rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="${box.radius}"/></clipPath>
<rect x="${box.x - 8}" y="${box.y - 8}" width="${box.width + 16}" height="${box.height + 16}" rx="${box.radius + 8}" fill="#ffffff" fill-opacity="0.85"/>
<image x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" preserveAspectRatio="xMidYMid slice" clip-path="url(#photo)" href="data:image/jpeg;base64,${Buffer.from(photo.jpeg).toString('base64')}"/>`
    : `<circle cx="1040" cy="120" r="170" fill="#ffffff" fill-opacity="0.35"/>
<circle cx="1120" cy="560" r="120" fill="#ffffff" fill-opacity="0.25"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>
<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>
${picture}
<g font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" fill="${palette.ink}">
<text x="90" y="130" font-size="44" font-weight="bold" fill="${palette.accent}">Firstday</text>
<text font-size="${titleSize}" font-weight="bold">${title}</text>
<text x="90" y="${titleTop + titleLines.length * lineHeight + 20}" font-size="${photo ? 34 : 40}">${escapeHtml(dateLine)}</text>
<text x="90" y="560" font-size="${photo ? 28 : 32}" fill="${palette.accent}">${escapeHtml(wrapText(footer, photo ? 30 : 48, 1)[0] ?? '')}</text>
</g>
</svg>`;
}

type Renderer = (svg: string) => Buffer;
let rendererPromise: Promise<Renderer | undefined> | undefined;

/**
 * The PNG renderer (resvg, prebuilt binaries from npm), loaded on first use so a platform
 * without a binary still starts; then og.png answers 503 and og.svg still works.
 */
export function loadPngRenderer(): Promise<Renderer | undefined> {
  rendererPromise ??= import('@resvg/resvg-js').then(
    ({ Resvg }) =>
      (svg: string) =>
        new Resvg(svg, {
          fitTo: { mode: 'width', value: OG_WIDTH },
          font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
        })
          .render()
          .asPng(),
    () => undefined,
  );
  return rendererPromise;
}

/** Rendered images by content (title, date, background, photo), so an edited calendar gets a new one. */
export function createOgImageCache(maxEntries = 500) {
  const images = new Map<string, Buffer>();
  return {
    get(key: string): Buffer | undefined {
      return images.get(key);
    },
    set(key: string, png: Buffer): void {
      if (images.size >= maxEntries) images.delete(images.keys().next().value!);
      images.set(key, png);
    },
  };
}
