import { CreateCalendarSchema } from '@firstday/common/calendar-forms';
import { CardDetailsSchema } from '@firstday/common/cards';
import { describe, expect, it } from 'vitest';
import { createServerI18n } from '../i18n/catalogues.server.ts';
import type { Translate } from '../i18n/use-t.tsx';
import { translateFieldMessage, translateFieldMessages } from './field-messages.ts';

const german = createServerI18n('de');
const t: Translate = (id, values) => german._(id, values);

describe('translateFieldMessage', () => {
  it('shows the shared schemas’ messages in the active language', () => {
    const result = CreateCalendarSchema.safeParse({
      firstName: ' ',
      lastName: 'Lovelace',
      iban: 'DE89370400440532013001',
    });
    expect(result.success).toBe(false);
    const messages = (result.error?.issues ?? []).map((issue) => translateFieldMessage(issue.message, t));
    expect(messages).toEqual([
      'Bitte geben Sie Ihren Namen ein.',
      'Diese IBAN ist ungültig: Bitte prüfen Sie sie auf Tippfehler.',
    ]);
  });

  it('translates a form’s errors and keeps a message it does not know', () => {
    const card = CardDetailsSchema.safeParse({ number: '', holderName: 'Ada', expiry: '13/99', cvc: '1' });
    const [first] = card.error?.issues ?? [];
    expect(translateFieldMessage(first?.message, t)).toBe('Bitte geben Sie die Kartennummer ein.');
    expect(translateFieldMessages({ iban: 'Something new.', lastName: undefined }, t)).toEqual({
      iban: 'Something new.',
      lastName: undefined,
    });
  });
});

describe('translateFieldMessage for a locked currency (currency_locked)', () => {
  it('words both of the server’s reasons', () => {
    expect(translateFieldMessage('The currency cannot change once the calendar is paid for.', t)).toBe(
      'Die Währung lässt sich nicht mehr ändern, wenn der Kalender bezahlt ist.',
    );
    expect(translateFieldMessage('The currency cannot change while the fee is being paid.', t)).toBe(
      'Die Währung lässt sich nicht ändern, während die Gebühr bezahlt wird.',
    );
  });
});
