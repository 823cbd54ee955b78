import type { PublicCalendar } from '@firstday/common/contributions';
import { describe, expect, it } from 'vitest';
import { hasGuessAppeared, pollCalendarUntil, splitFieldErrors } from './contribution-submit.ts';

function makeCalendar(guesses: PublicCalendar['guesses'], wishIds: string[] = []): PublicCalendar {
  return {
    slug: 's',
    currency: 'usd',
    status: 'active',
    welcomeGifts: null,
    title: 'T',
    parentNames: '',
    dueDate: '2025-12-20',
    background: 'pink',
    guessTime: false,
    guessWeight: false,
    coverImageId: null,
    coverImageSize: null,
    parentsNote: null,
    window: { first: '2025-11-22', last: '2026-01-03' },
    guesses,
    participants: guesses.length,
    wishes: {
      items: wishIds.map((id) => ({ id, name: 'A', guessedDate: '2025-12-14', wish: 'w', createdAt: '' })),
      nextCursor: null,
    },
    announcement: null,
  };
}

describe('hasGuessAppeared', () => {
  const target = { contributionId: 'c1', date: '2025-12-14', countBefore: 1 };

  it('sees the wish by its id', () => {
    expect(hasGuessAppeared(makeCalendar([], ['c1']), target)).toBe(true);
  });

  it('sees one more guess on the day', () => {
    const one = [{ date: '2025-12-14', name: 'A friend' }];
    expect(hasGuessAppeared(makeCalendar(one), target)).toBe(false);
    expect(hasGuessAppeared(makeCalendar([...one, ...one]), target)).toBe(true);
  });
});

describe('pollCalendarUntil', () => {
  it('stops when the contribution shows', async () => {
    let calls = 0;
    const done = await pollCalendarUntil(
      async () => makeCalendar([], ++calls === 3 ? ['c1'] : []),
      (calendar) => calendar.wishes.items.length > 0,
      { sleep: async () => undefined },
    );
    expect(done).toBe(true);
    expect(calls).toBe(3);
  });

  it('gives up after the timeout and survives failed reads', async () => {
    let time = 0;
    let calls = 0;
    const done = await pollCalendarUntil(
      async () => {
        calls++;
        if (calls === 1) throw new Error('offline');
        return makeCalendar([]);
      },
      () => false,
      {
        intervalMs: 1000,
        timeoutMs: 5000,
        now: () => time,
        sleep: async (ms) => {
          time += ms;
        },
      },
    );
    expect(done).toBe(false);
    expect(calls).toBe(6);
  });
});

describe('splitFieldErrors', () => {
  it('keeps form fields and hands card fields to the payment part', () => {
    expect(
      splitFieldErrors({
        guessedDate: 'Please pick a day between …',
        'payment.card.number': 'Bad number',
        other: 'ignored',
      }),
    ).toEqual({ form: { guessedDate: 'Please pick a day between …' }, card: { number: 'Bad number' } });
  });

  it("shows the weight's part messages at the weight field", () => {
    expect(
      splitFieldErrors({
        guessedTimeMinutes: 'This calendar does not ask for the time of birth.',
        'guessedWeight.ounces': 'Please enter 0 to 15 ounces.',
      }).form,
    ).toEqual({
      guessedTimeMinutes: 'This calendar does not ask for the time of birth.',
      guessedWeight: 'Please enter 0 to 15 ounces.',
    });
  });
});
