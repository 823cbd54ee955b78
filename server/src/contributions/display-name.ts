/** What the public calendar says for a hidden sender whose name has no letters to abbreviate. */
export const ANONYMOUS_NAME = 'A friend';

/** First letters of the first and last word: 'Anna van Berg' → ['A', 'B']. */
function getNameLetters(name: string): string[] {
  const words = name
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter(Boolean);
  const letters = words.map((word) => [...word][0]!.toUpperCase());
  return letters.length > 1 ? [letters[0]!, letters.at(-1)!] : letters;
}

/** Avatar letters for the creator's wish cards: 'Anna Miller' → 'AM'. */
export function getInitials(name: string): string {
  return getNameLetters(name).join('');
}

/** The name the public sees: as given, or 'A. M.' / 'A friend' when the creator hides names. */
export function toPublicName(name: string, hideSenderNames: boolean): string {
  if (!hideSenderNames) return name;
  const letters = getNameLetters(name);
  return letters.length > 0 ? letters.map((letter) => `${letter}.`).join(' ') : ANONYMOUS_NAME;
}
