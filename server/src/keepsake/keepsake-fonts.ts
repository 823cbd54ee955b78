import { readFileSync } from 'node:fs';

/**
 * The book's faces, shipped in server/assets/fonts with their licences: EB Garamond (SIL OFL 1.1), a
 * warm old-style serif with Latin, Greek and Cyrillic, for headings and wishes; DejaVu Sans (free
 * licence, see DejaVu-LICENSE.txt) for small labels and for any letter Garamond lacks.
 */
export const FONT_FILES = {
  serif: 'EBGaramond12-Regular.ttf',
  serifItalic: 'EBGaramond12-Italic.ttf',
  sans: 'DejaVuSans.ttf',
} as const;

export type FontName = keyof typeof FONT_FILES;

let fontBytes: Record<FontName, Buffer> | undefined;

/** The font files, read once per process. */
export function loadFontBytes(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [
      name,
      readFileSync(new URL(`../../assets/fonts/${file}`, import.meta.url)),
    ]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}
