import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeepsakeBook } from '@firstday/common/keepsake';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { getKeepsakePaper, renderKeepsakePdf } from './render-keepsake-pdf.ts';
import { createSampleBook } from './sample-book.ts';

const dir = mkdtempSync(join(tmpdir(), 'keepsake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF read back as poppler reads it: its text, its page count and its first page's size. */
function readBack(pdf: Buffer, name: string): { text: string; pages: number; size: string } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text,
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]),
    size: /^Page size:\s+(.*)$/m.exec(info)?.[1] ?? '',
  };
}

/** Letters and digits only, without the page folios: line and page breaks and spacing do not matter, every word does. */
function letters(text: string): string {
  return text
    .replace(/^.* · \d+$/gm, '')
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

function makeJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 240, g: 190, b: 200 } } })
    .jpeg()
    .toBuffer();
}

describe('renderKeepsakePdf', () => {
  it('writes every wish with its sender, German and Russian included, with the photos', async () => {
    const book = createSampleBook(40, { withGuessExtras: true });
    const photo = await makeJpeg();
    const pdf = await renderKeepsakePdf(book, { coverPhoto: photo, babyPhoto: new Uint8Array(photo) });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { text, pages } = readBack(pdf, 'sample');
    const found = letters(text);
    for (const wish of book.wishes) {
      expect(found).toContain(letters(wish.wish));
      expect(found).toContain(letters(wish.name));
    }
    expect(text).toContain('Herzlichen Glückwunsch zur Geburt!');
    expect(text).toContain('Поздравляем с рождением малыша!');
    expect(text).toContain('Welcome, Emma Louise');
    expect(text).toContain('6:42 AM');
    expect(text).toContain('3,410 g (7 lb 8 oz)');
    expect(text).toContain('April 2026');
    expect(text).toContain('May 2026');
    // Cover, announcement, calendar, then about six wishes a page.
    expect(pages).toBeGreaterThanOrEqual(6);
    expect(pages).toBeLessThanOrEqual(14);
    expect(text).toContain(`Little Bean · ${pages}`);
  });

  it('keeps every emoji people typed, in names and wishes, and marks a letter no face has', async () => {
    const book: KeepsakeBook = {
      ...createSampleBook(0),
      wishes: [
        {
          id: 'a',
          name: 'Tante Lisa 🎀✨',
          guessedDate: '2026-05-02',
          guessedTimeMinutes: null,
          guessedWeightGrams: null,
          wish: 'Yay 🎉🎉 for you! 👨‍👩‍👧 Family time ❤️ Willkommen 🇩🇪 1️⃣ and ✨',
          createdAt: '2026-03-01T00:00:00.000Z',
        },
        {
          id: 'b',
          name: 'Wang Fang 王芳',
          guessedDate: null,
          guessedTimeMinutes: null,
          guessedWeightGrams: null,
          wish: 'Zoë sends 🌸',
          createdAt: '2026-03-02T00:00:00.000Z',
        },
      ],
    };
    const pdf = await renderKeepsakePdf(book);
    const { text, pages } = readBack(pdf, 'emoji');
    expect(text).toContain('Tante Lisa 🎀✨');
    expect(text).toContain('Yay 🎉🎉 for you! 👨‍👩‍👧 Family time ❤️ Willkommen 🇩🇪 1️⃣ and ✨');
    expect(text).toContain('Zoë sends 🌸');
    // Wang Fang's welcome gift guessed no day: one guess, not two.
    expect(text).toContain('1 guess across 1 day');
    // No face has Chinese: a box is drawn, and the text still carries the name (as ActualText).
    expect(text).toContain('Wang Fang');
    expect(text).toContain('王芳');
    expect(text).not.toContain('\uFFFD');
    expect(pages).toBe(4);
    // The emoji face is embedded as a subset, not whole.
    expect(execFileSync('pdffonts', [join(dir, 'emoji.pdf')], { encoding: 'utf8' })).toMatch(
      /\+NotoEmoji-Regular\s+CID TrueType/,
    );
    expect(pdf.length).toBeLessThan(200_000);
  });

  it('tells of the birth on the cover: the baby has arrived, on its birthday', async () => {
    const book = createSampleBook(2);
    const english = readBack(await renderKeepsakePdf(book), 'cover-en').text;
    expect(english).toContain('Emma Louise has arrived!');
    expect(english).toContain('Born May 1, 2026');
    expect(english).not.toContain('A keepsake for');
    const unnamed = { ...book, announcement: { ...book.announcement, babyName: null } };
    expect(readBack(await renderKeepsakePdf(unnamed), 'cover-unnamed').text).toContain('The baby has arrived!');
    expect(readBack(await renderKeepsakePdf(book, { locale: 'ru' }), 'cover-ru').text).toContain(
      'Emma Louise уже с нами!',
    );
  });

  it('prints on A4 outside the US and on Letter for dollar calendars', async () => {
    expect(getKeepsakePaper('usd')).toBe('letter');
    expect(getKeepsakePaper('eur')).toBe('a4');
    expect(getKeepsakePaper('gbp')).toBe('a4');
    const book = createSampleBook(12);
    expect(readBack(await renderKeepsakePdf(book, { paper: 'a4' }), 'a4').size).toMatch(
      /^595\.2\d+ x 841\.8\d+ pts \(A4\)/,
    );
    expect(readBack(await renderKeepsakePdf(book, { paper: 'letter' }), 'letter').size).toMatch(
      /^612 x 792 pts \(letter\)/,
    );
  });

  it('gives a few days of January no page of their own', async () => {
    // Due in mid-December, born on January 3: the calendar reaches three days into January.
    const book: KeepsakeBook = {
      ...createSampleBook(30),
      dueDate: '2026-12-15',
      window: { first: '2026-11-17', last: '2026-12-29' },
      announcement: { ...createSampleBook(0).announcement, birthDate: '2027-01-03' },
    };
    book.wishes.forEach((wish, index) => {
      wish.guessedDate = `2026-12-${String(1 + (index % 28)).padStart(2, '0')}`;
    });
    const pdf = await renderKeepsakePdf(book, { paper: 'a4' });
    const file = join(dir, 'january.pdf');
    writeFileSync(file, pdf);
    const page = (number: number) =>
      execFileSync('pdftotext', ['-enc', 'UTF-8', '-f', String(number), '-l', String(number), file, '-'], {
        encoding: 'utf8',
      });
    // Page 3 is the calendar: November, December and January's first days together.
    expect(page(3)).toContain('November 2026');
    expect(page(3)).toContain('December 2026');
    expect(page(3)).toContain('January 2027');
    expect(page(4)).toContain('THE WISHES');
  });

  it('gives the last wishes no near-empty page: the last two pages share them', async () => {
    // Sixteen sample wishes fill the first two wish pages and would leave one on a third.
    const pdf = await renderKeepsakePdf(createSampleBook(16));
    const { pages } = readBack(pdf, 'tail');
    const file = join(dir, 'tail.pdf');
    const wishesOn = (page: number) =>
      execFileSync('pdftotext', ['-f', String(page), '-l', String(page), file, '-'], { encoding: 'utf8' }).match(
        /^guessed /gm,
      )?.length ?? 0;
    expect(pages).toBe(6);
    expect(wishesOn(6)).toBeGreaterThanOrEqual(3);
    expect(wishesOn(4) + wishesOn(5) + wishesOn(6)).toBe(16);
  });

  it('breaks a wish longer than a page across pages and renders an empty book', async () => {
    const paragraph = 'A very long letter to the little one, line after line. '.repeat(12);
    const book: KeepsakeBook = {
      ...createSampleBook(1),
      background: 'sun',
      announcement: {
        ...createSampleBook(1).announcement,
        babyName: null,
        birthTimeMinutes: null,
        birthWeightGrams: null,
      },
    };
    book.wishes[0]!.wish = Array.from({ length: 8 }, () => paragraph).join('\n\n');
    const long = readBack(await renderKeepsakePdf(book), 'long');
    expect(long.pages).toBeGreaterThanOrEqual(5);
    expect(letters(long.text)).toContain(letters(book.wishes[0]!.wish));
    expect(long.text).toContain('Hello, world');

    const empty = readBack(await renderKeepsakePdf({ ...book, wishes: [] }), 'empty');
    expect(empty.pages).toBe(4);
    expect(empty.text).toContain('No wishes were left on this calendar.');
    expect(empty.text).toContain('Nobody guessed this time.');
  });

  it("is printed in the owner's language: its texts, dates, times and weights", async () => {
    const book = createSampleBook(3, { withGuessExtras: true });
    const german = readBack(await renderKeepsakePdf(book, { locale: 'de' }), 'german').text;
    expect(german).toContain('Emma Louise ist da!');
    expect(german).toContain('Willkommen, Emma Louise');
    expect(german).toContain('6:42');
    expect(german).toContain('3.410 g');
    expect(german).toContain('DER KALENDER DER TIPPS');
    // A heading may wrap: compared by its letters.
    expect(letters(german)).toContain(letters('Worte für dich, von allen, die mit uns gewartet haben'));
    expect(german).not.toContain('A keepsake for');

    const russian = readBack(await renderKeepsakePdf(book, { locale: 'ru' }), 'russian').text;
    expect(letters(russian)).toContain(letters('Добро пожаловать, Emma Louise'));
    expect(russian).toContain('КАЛЕНДАРЬ ПРОГНОЗОВ');
    expect(russian).toContain('3 догадки');
    expect(russian).not.toContain('Due date');
  });
});
