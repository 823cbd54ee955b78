import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KeepsakeBook } from '@firstday/common/keepsake';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { renderKeepsakePdf } from './render-keepsake-pdf.ts';
import { createSampleBook } from './sample-book.ts';

const dir = mkdtempSync(join(tmpdir(), 'keepsake-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The PDF read back as poppler reads it: its text and its page count. */
function readBack(pdf: Buffer, name: string): { text: string; pages: number } {
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return { text, pages: Number(/^Pages:\s+(\d+)/m.exec(info)?.[1]) };
}

/** Letters and digits only, without the page folios: line and page breaks, spacing and dropped emoji do not matter, every word does. */
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

  it('drops emoji instead of drawing boxes or failing', async () => {
    const book: KeepsakeBook = {
      ...createSampleBook(0),
      wishes: [
        {
          id: 'a',
          name: 'Zoë 🌸',
          guessedDate: '2026-05-02',
          guessedTimeMinutes: null,
          guessedWeightGrams: null,
          wish: 'Yay 🎉🎉 for you! 👨‍👩‍👧 Family time ❤️',
          createdAt: '2026-03-01T00:00:00.000Z',
        },
      ],
    };
    const { text, pages } = readBack(await renderKeepsakePdf(book), 'emoji');
    expect(text).toContain('Yay for you! Family time');
    expect(text).toContain('Zoë');
    expect(text).not.toMatch(/[\u{1F300}-\u{1FAFF}\uFFFD]/u);
    expect(pages).toBe(4);
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
    expect(german).toContain('Ein Erinnerungsbuch für');
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
