/** What the public calendar says for a hidden sender; the server sends it as the name. */
export const ANONYMOUS_NAME = 'A friend';

/**
 * Avatar letters for a name as the server sends it: 'Anna Berg' → 'AB', 'A. B.' → 'AB',
 * 'maria' → 'M', 'A friend' → '' (the caller shows a heart instead).
 */
export function getInitials(name: string): string {
  const trimmed = name.trim();
  if (!trimmed || trimmed === ANONYMOUS_NAME) return '';
  const words = trimmed.split(/[\s.]+/).filter((word) => /\p{L}|\p{N}/u.test(word));
  const letters = words.map((word) => [...word.replace(/^[^\p{L}\p{N}]+/u, '')][0] ?? '');
  const first = letters[0] ?? '';
  const last = letters.length > 1 ? (letters.at(-1) ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
