import type { BackgroundId } from '@firstday/common/calendars';
import type { Currency } from '@firstday/common/currency';
import {
  firstDayOfWeek,
  formatFullDate,
  formatLongDate,
  formatMonthDay,
  formatWeekday,
  weekdayHeaderDays,
} from '@firstday/common/format';
import { formatTimeOfDay, formatWeightBoth } from '@firstday/common/fun-guesses';
import {
  countGuesses,
  countGuessesPerDay,
  getKeepsakeCalendarRange,
  type KeepsakeBook,
  type KeepsakeWish,
} from '@firstday/common/keepsake';
import { getKeepsakeMonths } from '@firstday/common/keepsake-months';
import { DEFAULT_LOCALE, type Locale } from '@firstday/common/locales';
import PDFDocument from 'pdfkit';
import { intlLocale } from '../emails/formatting.ts';
import { type ServerTranslate, serverTranslator } from '../lib/i18n.ts';
import { type FontName, loadFontBytes } from './keepsake-fonts.ts';
import { type CalendarPiece, planCalendarPages } from './plan-calendar-pages.ts';
import { findTailBreak, WISH_GAP } from './plan-wish-pages.ts';

export type KeepsakeRenderOptions = {
  /** The calendar's cover photo from the wait, JPEG bytes: on the announcement page beside the due date. */
  coverPhoto?: Uint8Array;
  /** The baby's photo from the announcement, JPEG bytes: on the book's cover. */
  babyPhoto?: Uint8Array;
  /** The book's language (the owner's); English by default. */
  locale?: Locale;
  /** Letter by default (`getKeepsakePaper`). */
  paper?: Paper;
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

/** Paper sizes in points: Letter in the US, A4 in the rest of the world. */
const PAPER = { letter: [612, 792], a4: [595.28, 841.89] } as const;
export type Paper = keyof typeof PAPER;

/** The paper a family prints on, told by the calendar's currency: dollars mean the US. */
export function getKeepsakePaper(currency: Currency): Paper {
  return currency === 'usd' ? 'letter' : 'a4';
}

// One-inch-and-a-quarter side margins: about 70 characters a line at the text size.
const MARGIN = { top: 78, bottom: 84, left: 90, right: 90 };

function textWidth(doc: Doc): number {
  return doc.page.width - MARGIN.left - MARGIN.right;
}

/** Where the text area ends. */
function bottom(doc: Doc): number {
  return doc.page.height - MARGIN.bottom;
}

type Doc = PDFKit.PDFDocument;
/** A stretch of text in one face; `actual` is what was typed when the glyphs differ from it (emoji, missing letters). */
type Run = { font: FontName; text: string; actual?: string };

/** pdfkit keeps the open font's fontkit object privately; it answers which letters the face has. */
type OpenFont = { _font: { ascender: number; font: { hasGlyphForCodePoint(codePoint: number): boolean } } };

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

function hasGlyphs(doc: Doc, font: FontName, text: string): boolean {
  for (const char of text) if (!hasGlyph(doc, font, char.codePointAt(0)!)) return false;
  return true;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
/** A grapheme shown as emoji: emoji by default, or made one by a modifier, a joiner, VS16 or a keycap. */
const EMOJI = /\p{Emoji_Presentation}|\p{Emoji_Modifier}|\p{Regional_Indicator}|[\u200d\ufe0f\u20e3]/u;
/** Drawn for a character no face has, so it shows as missing rather than vanishing; the text keeps it. */
const MISSING = '\u25a1';

/** Which face draws one grapheme, and what it draws when that is not the grapheme itself. */
function chooseFace(doc: Doc, grapheme: string, font: FontName): Run {
  if (grapheme === ' ' || grapheme === '\n') return { font, text: grapheme };
  const isEmoji = EMOJI.test(grapheme);
  // Invisible formatting characters (soft hyphens, direction marks) outside emoji sequences draw nothing.
  const text = isEmoji ? grapheme : grapheme.replace(/\p{Cf}/gu, '');
  if (!text) return { font, text };
  if (!isEmoji) {
    if (hasGlyphs(doc, font, text)) return { font, text };
    if (hasGlyphs(doc, 'sans', text)) return { font: 'sans', text };
  }
  // Emoji sequences become one glyph where the face has one (skin tones are drawn plain): the
  // typed sequence goes along as the text to copy, search and read aloud.
  if (hasGlyph(doc, 'emoji', text.codePointAt(0)!)) return { font: 'emoji', text };
  return { font: 'sans', text: MISSING, actual: text };
}

/**
 * Splits text into runs per face: the wanted one, DejaVu Sans for letters it lacks, Noto Emoji for
 * emoji, and a box for anything no face has. Every typed character stays in the PDF's text.
 */
function toRuns(doc: Doc, text: string, font: FontName): Run[] {
  const runs: Run[] = [];
  const clean = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\v\f]/g, ' ')
    .replace(/\p{Cc}(?<!\n)/gu, '')
    .trim();
  for (const { segment } of graphemes.segment(clean)) {
    const run = chooseFace(doc, segment, font);
    if (!run.text) continue;
    const last = runs.at(-1);
    if (last?.font === run.font && (last.actual === undefined) === (run.actual === undefined)) {
      last.text += run.text;
      if (run.actual !== undefined) last.actual += run.actual;
    } else runs.push(run);
  }
  return runs;
}

/** Plain text of the runs in the wanted face, for measuring: an emoji or a box is about an M wide. */
function joinRuns(runs: Run[]): string {
  return runs
    .map((run) => (run.actual === undefined ? run.text : 'M'.repeat([...graphemes.segment(run.actual)].length)))
    .join('');
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
  doc.fillColor(style.color).font(style.font).fontSize(style.size);
  // Every face sits on the wanted face's baseline (pdfkit puts each face's own ascender at the top).
  const baseline = -((doc as unknown as OpenFont)._font.ascender / 1000) * style.size;
  runs.forEach((run, index) => {
    // The fallback faces are larger on the body than Garamond.
    doc.font(run.font).fontSize(run.font === style.font ? style.size : style.size * 0.86);
    const options: PDFKit.Mixins.TextOptions = {
      width: style.width ?? textWidth(doc),
      align: style.align ?? 'left',
      lineGap: style.lineGap ?? 0,
      characterSpacing: style.characterSpacing ?? 0,
      continued: index < runs.length - 1,
      baseline,
    };
    if (run.actual !== undefined) doc.markContent('Span', { actual: run.actual });
    if (index === 0 && x !== undefined) doc.text(run.text, x, y, options);
    else doc.text(run.text, options);
    if (run.actual !== undefined) doc.endMarkedContent();
  });
}

function measure(doc: Doc, text: string, style: TextStyle): number {
  const plain = joinRuns(toRuns(doc, text, style.font));
  if (!plain) return 0;
  doc.font(style.font).fontSize(style.size);
  return doc.heightOfString(plain, {
    width: style.width ?? textWidth(doc),
    lineGap: style.lineGap ?? 0,
    characterSpacing: style.characterSpacing ?? 0,
  });
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** A small flourish between sections: a short rule with a diamond. */
function ornament(doc: Doc, y: number, color: string): void {
  const centre = doc.page.width / 2;
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
  const gradient = doc.linearGradient(0, 0, doc.page.width, doc.page.height);
  gradient.stop(0, palette.from).stop(1, palette.to);
  doc.rect(0, 0, doc.page.width, doc.page.height).fill(gradient);
  doc
    .save()
    .fillOpacity(0.35)
    .circle(doc.page.width - 70, 110, 150)
    .fill('#ffffff');
  doc
    .fillOpacity(0.25)
    .circle(70, doc.page.height - 90, 120)
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

  let y = 270;
  if (photo) {
    roundPhoto(doc, photo, doc.page.width / 2, 250, 110);
    y = 395;
  }
  // The book is made after the announcement: its cover is about the baby, not the wait.
  const { babyName, birthDate } = book.announcement;
  write(
    doc,
    babyName ? lang.t('keepsake.cover.arrivedNamed', { name: babyName }) : lang.t('keepsake.cover.arrived'),
    { font: 'serif', size: 38, color: palette.ink, align: 'center', lineGap: -4 },
    MARGIN.left,
    y,
  );
  doc.moveDown(0.2);
  write(doc, lang.t('keepsake.cover.born', { date: formatLongDate(birthDate, lang.intl) }), {
    font: 'serifItalic',
    size: 19,
    color: palette.accent,
    align: 'center',
  });
  doc.moveDown(0.4);
  ornament(doc, doc.y + 8, palette.accent);
  doc.y += 26;
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
    doc.page.height - 110,
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
    roundPhoto(doc, photo, doc.page.width / 2, y + 95, 95);
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
  const columnWidth = textWidth(doc) / facts.length;
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
  if (note && doc.y + 60 < bottom(doc)) {
    doc.moveDown(1.5);
    write(doc, note, { font: 'serif', size: 12, color: SOFT_INK, align: 'center', lineGap: 2 });
  }
}

function kicker(palette: (typeof PALETTES)[BackgroundId]): TextStyle {
  return { font: 'sans', size: 8, color: palette.accent, align: 'center', characterSpacing: 1.6 };
}

/** The weekday names from the book's first day of the week: 'Sun' … 'Sat', 'Mo.' … 'So.', 'пн' … 'вс'. */
function weekdays(lang: Lang): string[] {
  return weekdayHeaderDays(firstDayOfWeek(lang.intl)).map((day) => formatWeekday(day, 'short', lang.intl));
}

/** The guess window as month grids: guesses per day, the due date outlined, the birthday filled. */
function drawGuessCalendar(doc: Doc, book: KeepsakeBook, palette: (typeof PALETTES)[BackgroundId], lang: Lang): void {
  doc.addPage();
  const counts = countGuessesPerDay(book.wishes);
  const birthDate = book.announcement.birthDate;
  const range = getKeepsakeCalendarRange(book);

  write(doc, lang.t('keepsake.calendar.kicker'), kicker(palette), MARGIN.left, MARGIN.top - 10);
  doc.moveDown(0.5);
  write(doc, lang.t('keepsake.calendar.heading'), {
    font: 'serif',
    size: 24,
    color: palette.ink,
    align: 'center',
  });
  const days = counts.size;
  const guesses = countGuesses(counts);
  doc.moveDown(0.2);
  write(
    doc,
    guesses === 0 ? lang.t('keepsake.calendar.nobody') : lang.t('keepsake.calendar.summary', { guesses, days }),
    { font: 'serifItalic', size: 13, color: SOFT_INK, align: 'center' },
  );
  const legendY = doc.y + 10;
  drawLegend(doc, palette, legendY, lang);

  const top = legendY + 26;
  const months = getKeepsakeMonths(range.first, range.last, lang.intl);
  const space = { first: bottom(doc) - top, next: bottom(doc) - MARGIN.top };
  const { pages, week } = planCalendarPages(months, range, {
    space,
    title: MONTH_GAP + MONTH_TITLE_HEIGHT,
    week: WEEK_HEIGHT,
  });
  const marks = { counts, birthDate, dueDate: book.dueDate, window: book.window, cellHeight: week };
  pages.forEach((pieces, index) => {
    if (index > 0) doc.addPage();
    let y = index === 0 ? top : MARGIN.top;
    for (const piece of pieces) y = drawMonth(doc, piece, y, marks, palette, lang);
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
  let x = doc.page.width / 2 - (items.length * itemWidth) / 2 + 10;
  for (const [label, mark] of items) {
    doc.save();
    mark(x);
    doc.restore();
    write(doc, label, { font: 'sans', size: 8, color: SOFT_INK, width: itemWidth - 20 }, x + 12, y);
    x += itemWidth;
  }
  doc.x = MARGIN.left;
}

/** The space between two months, and a month's title with its weekday header. */
const MONTH_GAP = 16;
const MONTH_TITLE_HEIGHT = 40;
/** A week's row, when the calendar does not need shorter ones to fit a page. */
const WEEK_HEIGHT = 42;

/** Some weeks of a month under its title, from `top`; answers where the next month may start. */
function drawMonth(
  doc: Doc,
  { month, weeks }: CalendarPiece,
  top: number,
  marks: DayMarks,
  palette: (typeof PALETTES)[BackgroundId],
  lang: Lang,
): number {
  write(doc, month.title, { font: 'serif', size: 17, color: palette.ink, align: 'left' }, MARGIN.left, top);
  const headerY = top + 26;
  const cellWidth = textWidth(doc) / 7;
  weekdays(lang).forEach((weekday, index) => {
    write(
      doc,
      weekday.toUpperCase(),
      { font: 'sans', size: 7, color: SOFT_INK, align: 'center', width: cellWidth, characterSpacing: 1 },
      MARGIN.left + index * cellWidth,
      headerY,
    );
  });
  const gridTop = top + MONTH_TITLE_HEIGHT;
  const { cellHeight } = marks;

  doc.save().lineWidth(0.5).strokeColor(RULE);
  for (let row = 0; row <= weeks.length; row += 1) {
    doc
      .moveTo(MARGIN.left, gridTop + row * cellHeight)
      .lineTo(MARGIN.left + textWidth(doc), gridTop + row * cellHeight)
      .stroke();
  }
  doc.restore();

  weeks.forEach((week, row) => {
    week.forEach((date, column) => {
      if (!date) return;
      drawDay(doc, date, MARGIN.left + column * cellWidth, gridTop + row * cellHeight, cellWidth, marks, palette, lang);
    });
  });
  doc.x = MARGIN.left;
  return gridTop + weeks.length * cellHeight + MONTH_GAP;
}

type DayMarks = {
  counts: Map<string, number>;
  birthDate: string;
  dueDate: string;
  window: { first: string; last: string };
  cellHeight: number;
};

/** One day's cell: in the window tinted, the birthday filled, the due date dashed, a badge with the day's guesses. */
function drawDay(
  doc: Doc,
  date: string,
  x: number,
  y: number,
  cellWidth: number,
  marks: DayMarks,
  palette: (typeof PALETTES)[BackgroundId],
  lang: Lang,
): void {
  const { cellHeight } = marks;
  const inWindow = date >= marks.window.first && date <= marks.window.last;
  const isBirthday = date === marks.birthDate;
  if (isBirthday) doc.roundedRect(x + 2, y + 2, cellWidth - 4, cellHeight - 4, 5).fill(palette.accent);
  else if (inWindow) doc.roundedRect(x + 2, y + 2, cellWidth - 4, cellHeight - 4, 5).fill(palette.tint);
  if (date === marks.dueDate) {
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
  write(doc, String(Number(date.slice(8))), { font: 'serif', size: 11, color: dayColor, width: 24 }, x + 6, y + 4);
  const count = marks.counts.get(date) ?? 0;
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
  const lineHeight = WISH_TEXT.size * 1.2 + (WISH_TEXT.lineGap ?? 0);
  const blocks = book.wishes.map((wish) => {
    const headHeight = measure(doc, wish.name, nameStyle) + measure(doc, wishDetails(wish, lang), detailStyle) + 6;
    const wishHeight = measure(doc, wish.wish, WISH_TEXT);
    // Keep a short wish whole; a long one may break, but never leave its heading alone at a page foot.
    const needed = headHeight + (wishHeight <= lineHeight * 8 ? wishHeight : lineHeight * 3);
    return { height: headHeight + wishHeight, needed };
  });
  const pageSpace = bottom(doc) - MARGIN.top;
  const tailBreak = findTailBreak(blocks, { first: bottom(doc) - doc.y, next: pageSpace });
  book.wishes.forEach((wish, index) => {
    if (index === tailBreak || doc.y + Math.min(blocks[index]!.needed, pageSpace) > bottom(doc)) doc.addPage();
    write(doc, wish.name, nameStyle, MARGIN.left, doc.y);
    write(doc, wishDetails(wish, lang), detailStyle);
    doc.y += 6;
    write(doc, wish.wish, WISH_TEXT, MARGIN.left);
    doc.y += WISH_GAP;
  });
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
      doc.page.height - 50,
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
    size: [...PAPER[options.paper ?? 'letter']],
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
  drawCover(doc, book, palette, lang, options.babyPhoto);
  drawAnnouncement(doc, book, palette, lang, options.coverPhoto);
  drawGuessCalendar(doc, book, palette, lang);
  drawWishes(doc, book, palette, lang);
  drawFolios(doc, book);
  doc.end();
  return done;
}
