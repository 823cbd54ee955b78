import { describeForbiddenCharacter, describeForbiddenName } from '@firstday/common/text';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { translateValidation } from './validation-messages.ts';

const translator = (locale: 'en' | 'de' | 'ru'): Translate => {
  const i18n = createServerI18n(locale);
  return (id, values) => i18n._(id, values);
};

describe('a forbidden character in a field', () => {
  const inValue = describeForbiddenCharacter({ index: 0, codePoint: 'U+202E', kind: 'direction' });
  const inName = describeForbiddenName({ index: 0, codePoint: 'U+0000', kind: 'control' });

  it('reads the same in English as the server wrote it', () => {
    expect(translateValidation(inValue, translator('en'))).toBe(inValue);
    expect(translateValidation(inName, translator('en'))).toBe(inName);
  });

  it('names the character and its kind in German and Russian', () => {
    expect(translateValidation(inValue, translator('de'))).toBe(
      'Dies enthält ein Zeichen, das wir nicht annehmen können (U+202E, ein Steuerzeichen, das die Schreibrichtung umkehrt). Bitte entfernen Sie es.',
    );
    expect(translateValidation(inName, translator('ru'))).toBe(
      'Имя поля содержит символ, который мы не можем принять (U+0000, невидимый управляющий символ).',
    );
  });
});
