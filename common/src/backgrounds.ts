// The calendar backgrounds a parent picks from, apart from calendars.ts (zod): the wizard and the
// calendar info page draw the picker while they hydrate, before any check is loaded (decision 037).

export const BACKGROUNDS = [
  { id: 'pink', name: 'Pink Blossom' },
  { id: 'blue', name: 'Blue sky' },
  { id: 'sun', name: 'Merry Sun' },
] as const;
export type BackgroundId = (typeof BACKGROUNDS)[number]['id'];
