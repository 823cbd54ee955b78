import type { BackgroundId } from '@firstday/common/calendars';
import {
  firstDayOfWeek,
  formatFullDate,
  formatLongDate,
  formatMonthDay,
  formatMonthYear,
  formatWeekday,
  weekdayColumn,
  weekdayHeaderDays,
} from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import { getKeepsakeCalendarRange, type KeepsakeBook, type KeepsakeWish } from '@firstday/common/keepsake';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import PDFDocument from 'pdfkit';
import { intlLocale } from '../emails/formatting.ts';
import { type ServerTranslate, serverTranslator } from '../lib/i18n.ts';
import { type FontName, loadFontBytes } from './keepsake-fonts.ts';

export type KeepsakeRenderOptions = {
  /** The calendar's cover photo, JPEG bytes (the lead wires `readImageVariant` at merge). */
  coverPhoto?: Uint8Array;
  /** The baby's photo from the announcement, JPEG bytes. */
  babyPhoto?: Uint8Array;
  /** The book's language (the owner's); English by default. */
  locale?: Locale;
};

/** The book's language: its texts, and how it writes dates, times and weights. */
type Lang = { locale: Locale; intl: string; t: ServerTranslate };

function createLang(locale: Locale): Lang {
  return { locale, intl: intlLocale(locale), t: serverTranslator(locale) };
}

/** The product's palettes (contributions/og-image.ts, web/src/styles/global.css), for print. */
const PALETTES: Record<BackgroundId, { from: string; to: string; accent: string; ink: string; tint: string }> = {
  pink: { from: '#ffe3ec', to: '#fbb8cc', accent: '#b53764', ink: '#2a2136', tint: '#fff4f7' },
  blue: { from: '#e3f1ff', to: '#a9d2f5', accent: '#1f5f99', ink: '#1b2a3a', tint: '#f2f8ff' },
  sun: { from: '#fff6d6', to: '#ffd37a', accent: '#a35a00', ink: '#3a2a12', tint: '#fffaeb' },
};
const SOFT_INK = '#6b6075';
const RULE = '#d9d0dc';

// US Letter, one-inch-and-a-quarter side margins: about 70 characters a line at the text size.
const PAGE = { width: 612, height: 792 };
const MARGIN = { top: 78, bottom: 84, left: 90, right: 90 };
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const BOTTOM = PAGE.height - MARGIN.bottom;

type Doc = PDFKit.PDFDocument;
type Run = { font: FontName; text: string };

/** pdfkit keeps the open font's fontkit object privately; it answers which letters the face has. */
type OpenFont = { _font: { font: { hasGlyphForCodePoint(codePoint: number): boolean } } };

const coverage = new Map<FontName, Map<number, boolean>>();

function hasGlyph(doc: Doc, font: FontName, codePoint: number): boolean {
  let known = coverage.get(font);
  if (!known) {
    known = new Map();
    coverage.set(font, known);
  }
  let answer = known.get(codePoint);
  if (answer === undefined) {
    doc.font(font);
    answer = (doc as unknown as OpenFont)._font.font.hasGlyphForCodePoint(codePoint);
    known.set(codePoint, answer);
  }
  return answer;
}

/**
 * Splits text into runs of the wanted face and DejaVu Sans for letters the face lacks. Characters
 * neither has (emoji, their joiners and variation selectors) are dropped rather than drawn as boxes.
 */
function toRuns(doc: Doc, text: string, font: FontName): Run[] {
  const runs: Run[] = [];
  const clean = text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\v\f]/g, ' ')
    .replace(/[\p{Cc}\p{Cf}](?<!\n)/gu, '');
  for (const char of clean) {
    const codePoint = char.codePointAt(0)!;
    const face: FontName | undefined =
      char === '\n' || char === ' ' || hasGlyph(doc, font, codePoint)
        ? font
        : hasGlyph(doc, 'sans', codePoint)
          ? 'sans'
          : undefined;
    if (!face) continue;
    const last = runs.at(-1);
    if (last?.font === face) last.text += char;
    else runs.push({ font: face, text: char });
  }
  // Dropped emoji leave double spaces and blank ends behind.
  for (const run of runs) run.text = run.text.replace(/ {2,}/g, ' ');
  if (runs[0]) runs[0].text = runs[0].text.replace(/^\s+/, '');
  const last = runs.at(-1);
  if (last) last.text = last.text.replace(/\s+$/, '');
  return runs.filter((run) => run.text.length > 0);
}

/** Plain text of the runs, for measuring. */
function joinRuns(runs: Run[]): string {
  return runs.map((run) => run.text).join('');
}

type TextStyle = {
  font: FontName;
  size: number;
  color: string;
  width?: number;
  align?: 'left' | 'center' | 'right' | 'justify';
  lineGap?: number;
  characterSpacing?: number;
};

/** Writes text at the cursor (or x/y), switching faces where needed; pdfkit wraps and breaks pages. */
function write(doc: Doc, text: string, style: TextStyle, x?: number, y?: number): void {
  const runs = toRuns(doc, text, style.font);
  if (runs.length === 0) return;
  doc.fillColor(style.color);
  runs.forEach((run, index) => {
    doc.font(run.font).fontSize(run.font === 'sans' && style.font !== 'sans' ? style.size * 0.86 : style.size);
    const options: PDFKit.Mixins.TextOptions = {
      width: style.width ?? TEXT_WIDTH,
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? 0,
      characterSpacing: style.characterSpacing ?? 0,
      continued: index < runs.length - 1,
    };
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
  });
}

function measure(doc: Doc, text: string, style: TextStyle): number {
  const plain = joinRuns(toRuns(doc, text, style.font));
  if (!plain) return 0;
  doc.font(style.font).fontSize(style.size);
  return doc.heightOfString(plain, {
    width: style.width ?? TEXT_WIDTH,
    lineGap: style.lineGap ?? 0,
    characterSpacing: style.characterSpacing ?? 0,
  });
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A small flourish between sections: a short rule with a diamond. */
function ornament(doc: Doc, y: number, color: string): void {
  const centre = PAGE.width / 2;
  doc.save().lineWidth(0.6).strokeColor(color);
  doc
    .moveTo(centre - 46, y)
    .lineTo(centre - 8, y)
    .stroke();
  doc
    .moveTo(centre + 8, y)
    .lineTo(centre + 46, y)
    .stroke();
  doc
    .polygon([centre, y - 3.5], [centre + 3.5, y], [centre, y + 3.5], [centre - 3.5, y])
    .fill(color)
    .restore();
}

/** A photo cropped to fill a circle, with a white ring. */
function roundPhoto(doc: Doc, photo: Uint8Array, centreX: number, centreY: number, radius: number): void {
  doc
    .save()
    .circle(centreX, centreY, radius + 5)
    .fill('#ffffff');
  doc.circle(centreX, centreY, radius).clip();
  doc.image(toBuffer(photo), centreX - radius, centreY - radius, {
    cover: [radius * 2, radius * 2],
    align: 'center',
    valign: 'center',
  });
  doc.restore();
}

function drawCover(
  doc: Doc,
  book: KeepsakeBook,
  palette: (typeof PALETTES)[BackgroundId],
  lang: Lang,
  photo?: Uint8Array,
): void {
  const gradient = doc.linearGradient(0, 0, PAGE.width, PAGE.height);
  gradient.stop(0, palette.from).stop(1, palette.to);
  doc.rect(0, 0, PAGE.width, PAGE.height).fill(gradient);
  doc
    .save()
    .fillOpacity(0.35)
    .circle(PAGE.width - 70, 110, 150)
    .fill('#ffffff');
  doc
    .fillOpacity(0.25)
    .circle(70, PAGE.height - 90, 120)
    .fill('#ffffff')
    .restore();

  write(
    doc,
    'FIRSTDAY',
    { font: 'sans', size: 9, color: palette.accent, align: 'center', characterSpacing: 3 },
    MARGIN.left,
    70,
  );
  doc.x = MARGIN.left;

  let y = 150;
  if (photo) {
    roundPhoto(doc, photo, PAGE.width / 2, 250, 110);
    y = 395;
  } else {
    y = 270;
  }
  write(
    doc,
    lang.t('keepsake.cover.keepsakeFor'),
    { font: 'serifItalic', size: 20, color: palette.accent, align: 'center' },
    MARGIN.left,
    y,
  );
  write(doc, book.title, { font: 'serif', size: 40, color: palette.ink, align: 'center', lineGap: -4 });
  doc.moveDown(0.4);
  ornament(doc, doc.y + 8, palette.accent);
  doc.y += 26;
  const date = formatLongDate(book.announcement.birthDate, lang.intl);
  const born = book.announcement.babyName
    ? lang.t('keepsake.cover.bornNamed', { name: book.announcement.babyName, date })
    : lang.t('keepsake.cover.born', { date });
  write(doc, born, { font: 'serif', size: 17, color: palette.ink, align: 'center' });
  doc.moveDown(0.3);
  write(doc, lang.t('keepsake.cover.withLove', { parents: book.parentNames }), {
    font: 'serifItalic',
    size: 14,
    color: SOFT_INK,
    align: 'center',
  });
  const count = book.wishes.length;
  write(
    doc,
    lang.t('keepsake.cover.count', { count }),
    { font: 'sans', size: 8.5, color: palette.ink, align: 'center', characterSpacing: 1 },
    MARGIN.left,
    PAGE.height - 110,
  );
}

function drawAnnouncement(
  doc: Doc,
  book: KeepsakeBook,
  palette: (typeof PALETTES)[BackgroundId],
  lang: Lang,
  photo?: Uint8Array,
): void {
  const { announcement } = book;
  doc.addPage();
  let y = MARGIN.top + 20;
  write(doc, lang.t('keepsake.announcement.kicker'), kicker(palette), MARGIN.left, y);
  doc.moveDown(0.6);
  const welcome = announcement.babyName
    ? lang.t('keepsake.announcement.welcome', { name: announcement.babyName })
    : lang.t('keepsake.announcement.hello');
  write(doc, welcome, {
    font: 'serif',
    size: 34,
    color: palette.ink,
    align: 'center',
  });
  doc.moveDown(0.2);
  write(doc, formatFullDate(announcement.birthDate, lang.intl), {
    font: 'serifItalic',
    size: 16,
    color: palette.accent,
    align: 'center',
  });
  y = doc.y + 24;
  if (photo) {
    roundPhoto(doc, photo, PAGE.width / 2, y + 95, 95);
    y += 215;
  }

  const facts: [string, string][] = [];
  if (announcement.birthTimeMinutes !== null) {
    facts.push([lang.t('keepsake.announcement.time'), formatTimeOfDay(announcement.birthTimeMinutes, lang.locale)]);
  }
  if (announcement.birthWeightGrams !== null) {
    facts.push([lang.t('keepsake.announcement.weight'), formatWeightBoth(announcement.birthWeightGrams, lang.locale)]);
  }
  facts.push([lang.t('keepsake.announcement.dueDate'), formatLongDate(book.dueDate, lang.intl)]);
  const columnWidth = TEXT_WIDTH / facts.length;
  facts.forEach(([label, value], index) => {
    const x = MARGIN.left + index * columnWidth;
    write(doc, label.toUpperCase(), { ...kicker(palette), width: columnWidth, color: SOFT_INK }, x, y);
    write(doc, value, { font: 'serif', size: 14, color: palette.ink, align: 'center', width: columnWidth });
  });
  doc.x = MARGIN.left;
  y += 52;
  ornament(doc, y, palette.accent);
  doc.y = y + 24;

  const message = announcement.thankYouMessage?.trim();
  if (message) {
    write(
      doc,
      message,
      { font: 'serifItalic', size: 14, color: palette.ink, align: 'center', lineGap: 3 },
      MARGIN.left,
    );
    doc.moveDown(0.8);
    write(doc, `— ${book.parentNames}`, { font: 'serif', size: 13, color: SOFT_INK, align: 'center' });
  }
  const note = book.parentsNote?.trim();
  if (note && doc.y + 60 < BOTTOM) {
    doc.moveDown(1.5);
    write(doc, note, { font: 'serif', size: 12, color: SOFT_INK, align: 'center', lineGap: 2 });
  }
}

function kicker(palette: (typeof PALETTES)[BackgroundId]): TextStyle {
  return { font: 'sans', size: 8, color: palette.accent, align: 'center', characterSpacing: 1.6 };
}

type Month = { year: number; month: number };

function monthsBetween(first: string, last: string): Month[] {
  const months: Month[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7)) - 1;
  const endKey = Number(last.slice(0, 4)) * 12 + Number(last.slice(5, 7)) - 1;
  while (year * 12 + month <= endKey) {
    months.push({ year, month });
    month += 1;
    if (month === 12) {
      month = 0;
      year += 1;
    }
  }
  return months;
}

function isoDay(year: number, month: number, day: number): string {
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The weekday names from the book's first day of the week: 'Sun' … 'Sat', 'Mo.' … 'So.', 'пн' … 'вс'. */
function weekdays(lang: Lang): string[] {
  return weekdayHeaderDays(firstDayOfWeek(lang.intl)).map((day) => formatWeekday(day, 'short', lang.intl));
}

/** The guess window as month grids: guesses per day, the due date outlined, the birthday filled. */
function drawGuessCalendar(doc: Doc, book: KeepsakeBook, palette: (typeof PALETTES)[BackgroundId], lang: Lang): void {
  doc.addPage();
  const counts = new Map<string, number>();
  for (const { guessedDate } of book.wishes)
    if (guessedDate) counts.set(guessedDate, (counts.get(guessedDate) ?? 0) + 1);
  const birthDate = book.announcement.birthDate;
  const range = getKeepsakeCalendarRange(book);
  const months = monthsBetween(range.first, range.last);

  write(doc, lang.t('keepsake.calendar.kicker'), kicker(palette), MARGIN.left, MARGIN.top - 10);
  doc.moveDown(0.5);
  write(doc, lang.t('keepsake.calendar.heading'), {
    font: 'serif',
    size: 24,
    color: palette.ink,
    align: 'center',
  });
  const days = counts.size;
  const guesses = book.wishes.length;
  doc.moveDown(0.2);
  write(
    doc,
    guesses === 0 ? lang.t('keepsake.calendar.nobody') : lang.t('keepsake.calendar.summary', { guesses, days }),
    { font: 'serifItalic', size: 13, color: SOFT_INK, align: 'center' },
  );
  const legendY = doc.y + 10;
  drawLegend(doc, palette, legendY, lang);

  const top = legendY + 26;
  const gap = 16;
  const perPage = Math.min(months.length, 2);
  const monthHeight = Math.min(300, (BOTTOM - top - gap * (perPage - 1)) / perPage);
  let y = top;
  months.forEach((month, index) => {
    if (index > 0 && index % perPage === 0) {
      doc.addPage();
      y = MARGIN.top;
    }
    drawMonth(
      doc,
      month,
      { y, height: monthHeight, counts, birthDate, dueDate: book.dueDate, window: book.window },
      palette,
      lang,
    );
    y += monthHeight + gap;
  });
}

function drawLegend(doc: Doc, palette: (typeof PALETTES)[BackgroundId], y: number, lang: Lang): void {
  const items: [string, (x: number) => void][] = [
    [lang.t('keepsake.calendar.legendGuesses'), (x) => doc.circle(x, y + 4, 6).fill(palette.accent)],
    [
      lang.t('keepsake.calendar.legendDueDate'),
      (x) =>
        doc
          .rect(x - 6, y - 2, 12, 12)
          .lineWidth(1.2)
          .dash(2, { space: 1.5 })
          .stroke(palette.ink)
          .undash(),
    ],
    [lang.t('keepsake.calendar.legendBirthday'), (x) => doc.rect(x - 6, y - 2, 12, 12).fill(palette.accent)],
  ];
  const itemWidth = 130;
  let x = PAGE.width / 2 - (items.length * itemWidth) / 2 + 10;
  for (const [label, mark] of items) {
    doc.save();
    mark(x);
    doc.restore();
    write(doc, label, { font: 'sans', size: 8, color: SOFT_INK, width: itemWidth - 20 }, x + 12, y);
    x += itemWidth;
  }
  doc.x = MARGIN.left;
}

function drawMonth(
  doc: Doc,
  { year, month }: Month,
  layout: {
    y: number;
    height: number;
    counts: Map<string, number>;
    birthDate: string;
    dueDate: string;
    window: { first: string; last: string };
  },
  palette: (typeof PALETTES)[BackgroundId],
  lang: Lang,
): void {
  const title = formatMonthYear(new Date(Date.UTC(year, month, 1)), lang.intl);
  write(doc, title, { font: 'serif', size: 17, color: palette.ink, align: 'left' }, MARGIN.left, layout.y);
  const headerY = layout.y + 26;
  const cellWidth = TEXT_WIDTH / 7;
  weekdays(lang).forEach((weekday, index) => {
    write(
      doc,
      weekday.toUpperCase(),
      { font: 'sans', size: 7, color: SOFT_INK, align: 'center', width: cellWidth, characterSpacing: 1 },
      MARGIN.left + index * cellWidth,
      headerY,
    );
  });
  const gridTop = headerY + 14;
  const daysInMonth = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const offset = weekdayColumn(new Date(Date.UTC(year, month, 1)), firstDayOfWeek(lang.intl));
  const rows = Math.ceil((offset + daysInMonth) / 7);
  const cellHeight = Math.min(44, (layout.height - (gridTop - layout.y)) / 6);

  doc.save().lineWidth(0.5).strokeColor(RULE);
  for (let row = 0; row <= rows; row += 1) {
    doc
      .moveTo(MARGIN.left, gridTop + row * cellHeight)
      .lineTo(MARGIN.left + TEXT_WIDTH, gridTop + row * cellHeight)
      .stroke();
  }
  doc.restore();

  for (let day = 1; day <= daysInMonth; day += 1) {
    const date = isoDay(year, month, day);
    const cell = offset + day - 1;
    const x = MARGIN.left + (cell % 7) * cellWidth;
    const y = gridTop + Math.floor(cell / 7) * cellHeight;
    const inWindow = date >= layout.window.first && date <= layout.window.last;
    const isBirthday = date === layout.birthDate;
    if (isBirthday) doc.roundedRect(x + 2, y + 2, cellWidth - 4, cellHeight - 4, 5).fill(palette.accent);
    else if (inWindow) doc.roundedRect(x + 2, y + 2, cellWidth - 4, cellHeight - 4, 5).fill(palette.tint);
    if (date === layout.dueDate) {
      doc
        .save()
        .roundedRect(x + 2.5, y + 2.5, cellWidth - 5, cellHeight - 5, 5)
        .lineWidth(1.2)
        .dash(2, { space: 1.5 })
        .stroke(isBirthday ? '#ffffff' : palette.ink)
        .undash()
        .restore();
    }
    const dayColor = isBirthday ? '#ffffff' : inWindow ? palette.ink : '#b8b0bd';
    write(doc, String(day), { font: 'serif', size: 11, color: dayColor, width: 24 }, x + 6, y + 4);
    const count = layout.counts.get(date) ?? 0;
    if (count > 0) {
      const radius = Math.min(cellHeight / 2 - 7, 6 + Math.min(count, 12) * 0.6);
      const centreX = x + cellWidth - radius - 7;
      const centreY = y + cellHeight - radius - 6;
      doc.circle(centreX, centreY, radius).fill(isBirthday ? '#ffffff' : palette.accent);
      write(
        doc,
        String(count),
        {
          font: 'sans',
          size: count > 99 ? 6 : 7.5,
          color: isBirthday ? palette.accent : '#ffffff',
          align: 'center',
          width: radius * 2 + 6,
        },
        centreX - radius - 3,
        centreY - 4.2,
      );
    }
    if (isBirthday) {
      write(
        doc,
        lang.t('keepsake.calendar.born'),
        { font: 'serifItalic', size: 9, color: '#ffffff', width: 40 },
        x + 6,
        y + cellHeight - 15,
      );
    }
  }
  doc.x = MARGIN.left;
}

const WISH_TEXT: TextStyle = { font: 'serif', size: 12.5, color: '#2a2136', lineGap: 2.5 };

function wishDetails(wish: KeepsakeWish, lang: Lang): string {
  const parts = wish.guessedDate
    ? [lang.t('keepsake.wishes.guessed', { date: formatMonthDay(wish.guessedDate, lang.intl) })]
    : [lang.t('keepsake.wishes.welcome')];
  if (wish.guessedTimeMinutes !== null) parts.push(formatTimeOfDay(wish.guessedTimeMinutes, lang.locale));
  if (wish.guessedWeightGrams !== null) parts.push(formatWeightBoth(wish.guessedWeightGrams, lang.locale));
  return parts.join('  ·  ');
}

function drawWishes(doc: Doc, book: KeepsakeBook, palette: (typeof PALETTES)[BackgroundId], lang: Lang): void {
  doc.addPage();
  write(doc, lang.t('keepsake.wishes.kicker'), kicker(palette), MARGIN.left, MARGIN.top - 10);
  doc.moveDown(0.5);
  write(doc, lang.t('keepsake.wishes.heading'), {
    font: 'serif',
    size: 24,
    color: palette.ink,
    align: 'center',
  });
  doc.moveDown(0.3);
  ornament(doc, doc.y + 6, palette.accent);
  doc.y += 28;
  if (book.wishes.length === 0) {
    write(doc, lang.t('keepsake.wishes.none'), { ...WISH_TEXT, align: 'center', font: 'serifItalic' });
    return;
  }
  const nameStyle: TextStyle = { font: 'serif', size: 14.5, color: palette.accent };
  const detailStyle: TextStyle = { font: 'sans', size: 7.5, color: SOFT_INK, characterSpacing: 0.3 };
  for (const wish of book.wishes) {
    const nameHeight = measure(doc, wish.name, nameStyle);
    const detailHeight = measure(doc, wishDetails(wish, lang), detailStyle);
    const wishHeight = measure(doc, wish.wish, WISH_TEXT);
    const lineHeight = 12.5 * 1.2 + 2.5;
    const headHeight = nameHeight + detailHeight + 6;
    const pageSpace = BOTTOM - MARGIN.top;
    // Keep a short wish whole; a long one may break, but never leave its heading alone at a page foot.
    const needed = headHeight + (wishHeight <= lineHeight * 8 ? wishHeight : lineHeight * 3);
    if (doc.y + Math.min(needed, pageSpace) > BOTTOM) doc.addPage();
    write(doc, wish.name, nameStyle, MARGIN.left, doc.y);
    write(doc, wishDetails(wish, lang), detailStyle);
    doc.y += 6;
    write(doc, wish.wish, WISH_TEXT, MARGIN.left);
    doc.y += 20;
  }
}

/** Page numbers at the foot of every page but the cover, drawn once the book's length is known. */
function drawFolios(doc: Doc, book: KeepsakeBook): void {
  const range = doc.bufferedPageRange();
  for (let index = 1; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    doc.page.margins.bottom = 0;
    write(
      doc,
      `${book.title}  ·  ${index + 1}`,
      { font: 'serifItalic', size: 9.5, color: SOFT_INK, align: 'center' },
      MARGIN.left,
      PAGE.height - 50,
    );
  }
}

/**
 * The keepsake book as a PDF: cover, birth announcement, the calendar of guesses, every wish. Pure:
 * plain data and optional photo bytes in, the file's bytes out (fonts from server/assets/fonts).
 */
export function renderKeepsakePdf(book: KeepsakeBook, options: KeepsakeRenderOptions = {}): Promise<Buffer> {
  const lang = createLang(options.locale ?? DEFAULT_LOCALE);
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margins: MARGIN,
    bufferPages: true,
    autoFirstPage: true,
    info: {
      Title: lang.t('keepsake.info.title', { title: book.title }),
      Author: book.parentNames,
      Creator: 'Firstday',
      Producer: 'Firstday',
    },
    lang: lang.intl,
  });
  const fonts = loadFontBytes();
  for (const [name, bytes] of Object.entries(fonts)) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const palette = PALETTES[book.background] ?? PALETTES.pink;
  drawCover(doc, book, palette, lang, options.coverPhoto);
  drawAnnouncement(doc, book, palette, lang, options.babyPhoto);
  drawGuessCalendar(doc, book, palette, lang);
  drawWishes(doc, book, palette, lang);
  drawFolios(doc, book);
  doc.end();
  return done;
}
