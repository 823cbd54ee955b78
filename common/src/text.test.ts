import { describe, expect, it } from 'vitest';
import { describeForbiddenCharacter, findForbiddenCharacter, findForbiddenText } from './text.ts';

describe('findForbiddenCharacter', () => {
  it.each([
    ['\u0000', 'U+0000', 'control'],
    ['a\u0001b', 'U+0001', 'control'],
    ['\u0008', 'U+0008', 'control'],
    ['\u000B', 'U+000B', 'control'],
    ['\u000C', 'U+000C', 'control'],
    ['\u001B[31m', 'U+001B', 'control'],
    ['\u001F', 'U+001F', 'control'],
    ['\u007F', 'U+007F', 'control'],
    ['\u0080', 'U+0080', 'control'],
    ['\u0085', 'U+0085', 'control'],
    ['\u009F', 'U+009F', 'control'],
    ['\ud800', 'U+D800', 'surrogate'],
    ['x\udfff', 'U+DFFF', 'surrogate'],
    ['\udc00\ud800', 'U+DC00', 'surrogate'],
    ['😀\ud83d', 'U+D83D', 'surrogate'],
    ['\uFFFE', 'U+FFFE', 'noncharacter'],
    ['\uFFFF', 'U+FFFF', 'noncharacter'],
    ['\uFDD0', 'U+FDD0', 'noncharacter'],
    ['\u{1FFFF}', 'U+1FFFF', 'noncharacter'],
    ['\u{10FFFE}', 'U+10FFFE', 'noncharacter'],
    ['evil\u202Egnp.exe', 'U+202E', 'direction'],
    ['\u202A', 'U+202A', 'direction'],
    ['\u2066', 'U+2066', 'direction'],
    ['\u2069', 'U+2069', 'direction'],
  ])('refuses %j', (value, codePoint, kind) => {
    expect(findForbiddenCharacter(value)).toMatchObject({ codePoint, kind });
  });

  it.each([
    ['plain text'],
    ['tab\tline\nbreak\r\n'],
    ['Zoë, Łukasz, 李小龙, محمد, יוסף'],
    ['👨‍👩‍👧 family with joiners, 🏳️‍🌈'],
    ['\u200E\u200F\u061C marks without scope'],
    ['\u2028\u2029 separators'],
    ['\uFEFF\u00A0\u00AD'],
    ['\uE000 private use, \u{10FFFD}'],
    ['\u{1F600}'],
    [''],
  ])('accepts %j', (value) => {
    expect(findForbiddenCharacter(value)).toBeUndefined();
  });

  it('points at the first refused character', () => {
    expect(findForbiddenCharacter('ab\u0000\u0001')?.index).toBe(2);
  });

  it('describes it in the field message', () => {
    expect(describeForbiddenCharacter(findForbiddenCharacter('a\u0000')!)).toBe(
      'This contains a character we cannot accept (U+0000, an invisible control character). Please remove it.',
    );
  });
});

describe('findForbiddenText', () => {
  it('reports nothing for clean values of every JSON type', () => {
    expect(findForbiddenText({ a: 'x', b: [1, true, null, { c: 'ü' }], d: 2.5 })).toEqual({});
    expect(findForbiddenText('fine')).toEqual({});
    expect(findForbiddenText(null)).toEqual({});
  });

  it('names each refused string by its dotted path, like getFieldErrors', () => {
    const fields = findForbiddenText({
      name: 'a\u0000',
      payment: { card: { number: '4242\u0000' } },
      items: ['ok', { wish: '\ud800' }],
    });
    expect(Object.keys(fields).sort()).toEqual(['items.1.wish', 'name', 'payment.card.number']);
    expect(fields.name).toContain('U+0000');
    expect(fields['items.1.wish']).toContain('U+D800');
  });

  it('reports a refused key at its parent, and a refused top-level string as _', () => {
    expect(Object.keys(findForbiddenText({ outer: { 'k\u0000': 'v' } }))).toEqual(['outer']);
    expect(Object.keys(findForbiddenText({ 'k\u0000': 'v' }))).toEqual(['_']);
    expect(Object.keys(findForbiddenText('\u0000'))).toEqual(['_']);
  });

  it('walks any nesting depth without recursion', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}"\\u0000"${']'.repeat(100_000)}`);
    expect(Object.values(findForbiddenText(deep))).toHaveLength(1);
  });

  it('stops after 20 fields', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`f${index}`, '\u0000']));
    expect(Object.keys(findForbiddenText(many))).toHaveLength(20);
  });
});
