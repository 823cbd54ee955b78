import { addDays } from '@firstday/common/guess-window';
import type { KeepsakeBook, KeepsakeWish } from '@firstday/common/keepsake';

/** Wishes in several languages and lengths, for the renderer's test and `npm run bench:keepsake`. */
const WISH_TEXTS = [
  'Welcome to the world, little one! We cannot wait to meet you.',
  'Herzlichen Glückwunsch zur Geburt! Wir wünschen euch viel Freude, ruhige Nächte und ganz viel Liebe – Grüße aus München.',
  'Поздравляем с рождением малыша! Пусть растёт здоровым, счастливым и любимым. Обнимаем всю семью!',
  'Félicitations à toute la famille ! Que ce petit être vous apporte autant de bonheur que vous en donnez autour de vous. 🎉',
  'Congratulations! 👶🏽❤️ So happy for you both.',
  'Dear little one, you were wished for long before you arrived. Your parents read to you every night, your grandmother knitted three blankets (one of them slightly too long), and half of the neighbourhood has been asking for weeks whether you are here yet. Now you are. Take your time growing up; there is no hurry. Learn to swim, to whistle, to tell a good joke, and to say sorry when you need to. We will be there for the birthdays, the scraped knees and the first day of school. With all our love.',
  '¡Muchas felicidades! Que la vida te sonría siempre, pequeñín.',
  'Zdrowia, szczęścia i dużo słońca dla maleństwa! Łączymy się w radości.',
  'I guessed a Tuesday because everything good happens on a Tuesday. Love, your future favourite aunt.',
  'Γεια σου, μικρό μου! Καλώς ήρθες στον κόσμο.',
];
const NAMES = [
  'Anna Miller',
  'Jürgen Weiß',
  'Наталья Смирнова',
  'Chloé Dubois',
  'Sam O’Neil',
  'Grandma Rose',
  'Lucía Fernández',
  'Paweł Nowak',
  'Uncle Ben',
  'Eleni Papadopoulou',
];

/** `count` wishes on a calendar due 2026-05-04, born 2026-05-01, spread over the guess window. */
export function createSampleBook(count: number, options: { withGuessExtras?: boolean } = {}): KeepsakeBook {
  const wishes: KeepsakeWish[] = Array.from({ length: count }, (_, index) => ({
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    name: NAMES[index % NAMES.length]!,
    // A bell around the due date: most guesses near it, a few far out.
    guessedDate: addDays('2026-05-04', Math.round(Math.sin(index * 7.3) * 9 + Math.cos(index * 3.1) * 5)),
    guessedTimeMinutes: options.withGuessExtras ? (index * 97) % 1440 : null,
    guessedWeightGrams: options.withGuessExtras ? 2800 + ((index * 131) % 1400) : null,
    wish: `${WISH_TEXTS[index % WISH_TEXTS.length]!}${index >= WISH_TEXTS.length ? ` (#${index + 1})` : ''}`,
    createdAt: new Date(Date.UTC(2026, 2, 1) + index * 3_600_000).toISOString(),
  }));
  return {
    slug: 'sampleslug01',
    title: 'Little Bean',
    parentNames: 'Mia & Jonas',
    dueDate: '2026-05-04',
    background: 'pink',
    window: { first: '2026-04-06', last: '2026-05-18' },
    parentsNote: 'Thank you for guessing with us. We read every single wish aloud at the kitchen table.',
    announcement: {
      birthDate: '2026-05-01',
      babyName: 'Emma Louise',
      birthTimeMinutes: 6 * 60 + 42,
      birthWeightGrams: 3410,
      thankYouMessage:
        'She is here! Emma arrived three days early, on a sunny Friday morning, and has been sleeping ever since. Thank you all for your guesses, your kind words and your patience with us. We will treasure this book.',
    },
    wishes,
  };
}
