import { describe, expect, it } from 'vitest';
import { typeset } from './typeset.ts';

const NBSP = '\u00a0';

describe('typeset', () => {
  it('leaves English alone', () => {
    expect(typeset('About 5 % — in 18 years', 'en')).toBe('About 5 % — in 18 years');
  });

  it('keeps German numbers with their units and dashes off the start of a line', () => {
    expect(typeset('Aus 1.000 € werden bei 5 % in 18 Jahren – grob gerechnet – mehr', 'de')).toBe(
      `Aus 1.000${NBSP}€ werden bei 5${NBSP}% in 18${NBSP}Jahren${NBSP}– grob gerechnet${NBSP}– mehr`,
    );
  });

  it('binds short Russian words and number groups to the next word', () => {
    expect(typeset('И в итоге 17 500 евро — не так уж мало', 'ru')).toBe(
      `И${NBSP}в${NBSP}итоге 17${NBSP}500${NBSP}евро${NBSP}— не${NBSP}так уж${NBSP}мало`,
    );
  });

  it('keeps a Russian particle with the word before it', () => {
    expect(typeset('ту же сумму, так ли это', 'ru')).toBe(`ту${NBSP}же сумму, так${NBSP}ли это`);
  });
});
