import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The book's faces: EB Garamond (SIL OFL 1.1), a warm old-style serif with Latin, Greek and
 * Cyrillic, for headings and wishes; DejaVu Sans (free licence, see DejaVu-LICENSE.txt) for small
 * labels and for any letter Garamond lacks; both shipped in server/assets/fonts. Noto Emoji (SIL OFL
 * 1.1, the monochrome face: pdfkit cannot embed colour emoji fonts) from its npm package for emoji
 * (decision 028).
 */
const FONT_FILES = {
  serif: new URL('../../assets/fonts/EBGaramond12-Regular.ttf', import.meta.url),
  serifItalic: new URL('../../assets/fonts/EBGaramond12-Italic.ttf', import.meta.url),
  sans: new URL('../../assets/fonts/DejaVuSans.ttf', import.meta.url),
  emoji: createRequire(import.meta.url).resolve('@expo-google-fonts/noto-emoji/400Regular/NotoEmoji_400Regular.ttf'),
} as const;

export type FontName = keyof typeof FONT_FILES;

let fontBytes: Record<FontName, Buffer> | undefined;

/** The font files, read once per process. */
export function loadFontBytes(): Record<FontName, Buffer> {
  fontBytes ??= Object.fromEntries(
    Object.entries(FONT_FILES).map(([name, file]) => [name, readFileSync(file)]),
  ) as Record<FontName, Buffer>;
  return fontBytes;
}
