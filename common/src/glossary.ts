/**
 * The product's words in German and Russian: one word for each thing, in pages and e-mails alike
 * (issue 25). `use` is the word (and the forms a reader meets); `avoid` lists the synonyms that
 * must not stand for it, and `web/src/i18n/glossary.test.ts` fails when a catalogue has one.
 *
 * An `avoid` entry is a word or phrase: `*` stands for any ending ('Andenken*' also finds
 * 'Andenkens'), a word only matches whole (no letter before or after), the first letter in either
 * case and the rest exactly as written ('E-mail' finds 'e-mail' but not 'E-Mail'). `except` names
 * catalogue keys where the word means something else and is right.
 */
export type GlossaryTerm = {
  /** The thing, in the specification's English. */
  term: string;
  use: string;
  avoid: readonly string[];
  except?: readonly string[];
};

export type GlossaryLocale = 'de' | 'ru';

export const GLOSSARY: Record<GlossaryLocale, readonly GlossaryTerm[]> = {
  de: [
    {
      term: 'guess',
      use: 'der Tipp, die Tipps; tippen (auf den 19. Dezember), getippt',
      avoid: ['Schätzung*', 'Vermutung*', 'Prognose*', 'Wette', 'Wetten', 'Rateversuch*'],
      // 'Ist das eine Wette?': the FAQ and the terms say it is not one; investments have forecasts.
      except: [
        'faq.items.notGambling.question',
        'legal.terms.notGambling.p1',
        'legal.terms.notGambling.p2',
        'investments.growth.note',
      ],
    },
    { term: 'wish', use: 'der Wunsch, die Wünsche', avoid: ['Grußbotschaft*', 'Glückwunschbotschaft*', 'Widmung*'] },
    {
      term: 'gift',
      use: 'das Geschenk, die Geschenke; Willkommensgeschenk nach der Geburt',
      avoid: ['Spende', 'Spenden', 'Geldspende*', 'Präsent*', 'Zuwendung*'],
    },
    {
      term: 'keepsake (book)',
      use: 'das Erinnerungsbuch',
      avoid: ['Andenken*', 'Erinnerungsalbum*', 'Gedenkbuch*', 'Souvenir*', 'Keepsake*'],
    },
    {
      term: 'due date',
      use: 'der Geburtstermin (kurz, auf Abzeichen: Termin)',
      avoid: ['Entbindungstermin*', 'Stichtag*', 'Fälligkeit*', 'Fälligkeitsdatum*'],
    },
    {
      term: 'calendar',
      use: 'der Kalender (der Geburtskalender)',
      // A 'Geburtstagskalender' lists everyone's birthdays.
      avoid: ['Geburtstagskalender*', 'Babygeburtstagskalender*'],
    },
    {
      term: 'participant',
      use: 'die Teilnehmenden (alle, die mitmachen)',
      avoid: ['Teilnehmer', 'Teilnehmern', 'Teilnehmers', 'Teilnehmerin*', 'Mitspieler*'],
    },
    { term: 'guest', use: 'der Gast, die Gäste', avoid: ['Besucher', 'Besuchern', 'Besucherin*'] },
    {
      term: 'announcement',
      use: 'die Geburtsanzeige; die Geburt verkünden',
      avoid: ['Verkündung*', 'Ankündigung*', 'Bekanntgabe*', 'Geburtsmeldung*'],
    },
    {
      term: 'thank-you note',
      use: 'die Dankesnachricht',
      avoid: ['Dankeskarte*', 'Dankschreiben*', 'Dankesbrief*', 'Dankesnotiz*', 'Dankeschöns'],
    },
    { term: 'payout', use: 'die Auszahlung; auszahlen', avoid: ['Ausschüttung*', 'Abhebung*'] },
    { term: 'e-mail', use: 'die E-Mail, die E-Mail-Adresse', avoid: ['E-mail*', 'Email*', 'eMail*'] },
    // The backgrounds by the names the picker shows (calendars.background.*); their ids stay English.
    { term: 'Pink Blossom', use: 'Rosa Blüten', avoid: ['Pink Blossom'] },
    { term: 'Blue sky', use: 'Blauer Himmel', avoid: ['Blue sky'] },
    { term: 'Merry Sun', use: 'Fröhliche Sonne', avoid: ['Merry Sun'] },
  ],
  ru: [
    {
      term: 'guess',
      use: 'догадка (догадки, догадку…); угадать, угадывать',
      avoid: ['прогноз*', 'ставк*', 'предположени*', 'пари', 'вариант даты'],
      // 'Это ставка?': the FAQ says it is not one; investments have forecasts.
      except: ['faq.items.notGambling.question', 'investments.growth.note'],
    },
    { term: 'wish', use: 'пожелание (пожелания, пожеланий…)', avoid: ['послани*', 'напутстви*', 'поздравлени*'] },
    {
      term: 'gift',
      use: 'подарок (подарки, подарков…); подарок к рождению после родов',
      avoid: ['пожертвовани*', 'донат*', 'вклад', 'вклада', 'вкладом', 'вклады', 'вкладов'],
    },
    {
      term: 'keepsake (book)',
      use: 'памятная книга',
      avoid: ['альбом*', 'сувенир*', 'памятк*', 'книг* воспоминаний', 'книг* пожеланий'],
    },
    {
      term: 'due date',
      use: 'предполагаемая дата родов (коротко, на значках: срок)',
      avoid: ['ПДР', 'срок* родов', 'дата рождения малыша'],
    },
    {
      term: 'calendar',
      use: 'календарь (календарь ожидания малыша)',
      // 'Календарь (дня) рождения' reads as a list of birthdays or a horoscope.
      avoid: ['календар* дня рождения', 'календар* дней рождения', 'календар* рождения'],
    },
    { term: 'participant', use: 'участник (участники, участникам…)', avoid: ['игрок*'] },
    { term: 'guest', use: 'гость (гости, гостей…)', avoid: ['посетител*'] },
    {
      term: 'announcement',
      use: 'объявление о рождении; объявить о рождении',
      avoid: ['анонс*', 'извещени*', 'уведомлени* о рождении'],
    },
    {
      term: 'thank-you note',
      use: 'благодарность (благодарности); написать благодарность',
      avoid: ['благодарственн*', 'открытк*', 'письм* благодарности'],
    },
    { term: 'payout', use: 'выплата; выплатить', avoid: ['вывод* средств', 'выплачивани*'] },
    {
      term: 'creation fee',
      use: 'взнос (разовый взнос за создание календаря; оплатить взнос)',
      avoid: ['плат* за создание*', 'разов* плат*', 'плат* за каждый календарь'],
    },
    { term: 'Pink Blossom', use: 'Розовые цветы', avoid: ['Pink Blossom'] },
    { term: 'Blue sky', use: 'Голубое небо', avoid: ['Blue sky'] },
    { term: 'Merry Sun', use: 'Весёлое солнце', avoid: ['Merry Sun'] },
  ],
};

/**
 * Phrases that read as translated, not written: each with the reason and a better wording, found
 * by the same test in every catalogue (written like an `avoid` entry).
 */
export const CALQUES: Record<GlossaryLocale, readonly { phrase: string; why: string }[]> = {
  de: [
    { phrase: 'die nächsten Tipps', why: "'closest guesses' are the ones 'am nächsten dran', not 'the next guesses'" },
    { phrase: 'eigener Geburtstagskalender', why: 'a calendar of everyone’s birthdays: Geburtskalender' },
    { phrase: 'Starten Sie die Reise', why: "a calque of 'start the journey': 'Hier fängt alles an'" },
    { phrase: 'Starten Sie die Zukunft', why: "a calque of 'start the future': 'den Grundstein legen'" },
  ],
  ru: [
    { phrase: 'для удовольствия', why: "a calque of 'just for fun': 'для интереса', 'просто так'" },
    { phrase: 'ради удовольствия', why: "a calque of 'just for fun': 'для интереса', 'просто так'" },
    { phrase: 'Начните будущее', why: "a calque of 'start the future': 'положите начало будущему'" },
    { phrase: 'Начните путешествие', why: "a calque of 'start the journey'" },
    { phrase: 'начните путь', why: "a calque of 'start the journey': 'первый шаг к будущему'" },
    { phrase: 'Собственный календарь', why: "a calque of 'your own calendar': 'ваш календарь'" },
    { phrase: 'Число на дне', why: "'на дне' reads 'at the bottom': 'число под датой'" },
  ],
};

/** An `avoid` entry as a regular expression (see GLOSSARY). */
export function toAvoidPattern(entry: string): RegExp {
  const first = entry[0] ?? '';
  const rest = entry
    .slice(1)
    .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '\\p{L}*');
  return new RegExp(`(?<!\\p{L})[${first.toLowerCase()}${first.toUpperCase()}]${rest}(?!\\p{L})`, 'u');
}
