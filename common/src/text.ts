/**
 * The one rule for text the API accepts, checked on every string of every request (JSON body keys
 * and values, path segments, query names and values) before any route sees it.
 *
 * Refused, because no person types them and they break storage, e-mail or display:
 * - C0 controls except tab, line feed and carriage return (U+0000 NUL is refused by PostgreSQL);
 * - DEL (U+007F) and the C1 controls (U+0080–U+009F);
 * - unpaired surrogates (a JSON body can carry `"\ud800"`: not a character, not storable as UTF-8);
 * - the 66 noncharacters (U+FDD0–U+FDEF and U+xFFFE/U+xFFFF on every plane);
 * - the bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they
 *   reorder how the text after them is shown, beyond the field (a name or a wish can be made to read
 *   as something else in the owner's list or an e-mail), and right-to-left writing needs none of
 *   them: the bidi algorithm orders it, and the marks LRM/RLM/ALM (no scope) stay allowed.
 *
 * Allowed on purpose: tab and line breaks (messages), U+2028/U+2029 (valid text; JSON and HTML
 * handle them), zero-width joiners (emoji, Persian), U+FEFF, private-use and unassigned code points.
 * Refused rather than stripped: silently changing what a person wrote is worse than asking.
 */
const FORBIDDEN_CHARACTER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\p{Cs}\p{Noncharacter_Code_Point}]/u;

export type ForbiddenCharacter = {
  /** UTF-16 index in the string. */
  index: number;
  /** e.g. 'U+0000' */
  codePoint: string;
  kind: 'control' | 'direction' | 'surrogate' | 'noncharacter';
};

function classify(codePoint: number): ForbiddenCharacter['kind'] {
  if (codePoint <= 0x9f) return 'control';
  if (codePoint >= 0xd800 && codePoint <= 0xdfff) return 'surrogate';
  if ((codePoint >= 0x202a && codePoint <= 0x202e) || (codePoint >= 0x2066 && codePoint <= 0x2069)) return 'direction';
  return 'noncharacter';
}

/** The first character of `value` the API refuses, or undefined when the text is fine. */
export function findForbiddenCharacter(value: string): ForbiddenCharacter | undefined {
  const match = FORBIDDEN_CHARACTER.exec(value);
  if (!match) return undefined;
  const codePoint = match[0].codePointAt(0)!;
  return {
    index: match.index,
    codePoint: `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`,
    kind: classify(codePoint),
  };
}

/** What each kind of forbidden character is called in the field message (the web translates them by name). */
export const FORBIDDEN_KIND_NAMES: Record<ForbiddenCharacter['kind'], string> = {
  control: 'an invisible control character',
  direction: 'a control that reverses the direction of text',
  surrogate: 'half of a character',
  noncharacter: 'a code point that is not a character',
};

/** The field message, e.g. 'This contains a character we cannot accept (U+0000, an invisible control character). Please remove it.' */
export function describeForbiddenCharacter(found: ForbiddenCharacter): string {
  return `This contains a character we cannot accept (${found.codePoint}, ${FORBIDDEN_KIND_NAMES[found.kind]}). Please remove it.`;
}

/** The message for a problem in a field's name rather than its value. */
export function describeForbiddenName(found: ForbiddenCharacter): string {
  return `A field name contains a character we cannot accept (${found.codePoint}, ${FORBIDDEN_KIND_NAMES[found.kind]}).`;
}

const MAX_REPORTED_FIELDS = 20;

/**
 * Every refused string in a parsed JSON value, as `{ 'dot.path': message }` in the path format of
 * `getFieldErrors` (`payment.card.number`, `items.0.name`; `_` for the value itself). A refused
 * object key is reported at its parent's path. Iterative, so any nesting depth JSON.parse accepts is
 * safe; stops after 20 fields.
 */
export function findForbiddenText(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  let count = 0;
  const report = (path: string, message: string) => {
    if (fields[path] === undefined) {
      fields[path] = message;
      count += 1;
    }
  };
  const stack: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (stack.length > 0 && count < MAX_REPORTED_FIELDS) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      const found = findForbiddenCharacter(item.value);
      if (found) report(item.path || '_', describeForbiddenCharacter(found));
    } else if (Array.isArray(item.value)) {
      for (let index = item.value.length - 1; index >= 0; index -= 1) {
        stack.push({ value: item.value[index], path: joinPath(item.path, String(index)) });
      }
    } else if (item.value !== null && typeof item.value === 'object') {
      const entries = Object.entries(item.value);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        const found = findForbiddenCharacter(key);
        if (found) report(item.path || '_', describeForbiddenName(found));
        else stack.push({ value: child, path: joinPath(item.path, key) });
      }
    }
  }
  return fields;
}

function joinPath(parent: string, key: string): string {
  return parent ? `${parent}.${key}` : key;
}
