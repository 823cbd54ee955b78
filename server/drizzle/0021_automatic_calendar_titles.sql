-- A calendar without a name of its own stores none: its automatic name ('Anna's calendar',
-- 'Annas Kalender', 'Анна ждёт малыша') is worded for each reader (calendars/calendar-title.ts).
-- The automatic names stored so far, in any of the languages they were made in, become none.
UPDATE "calendars" SET "title" = NULL
WHERE "title" IN (
  "first_name" || '''s calendar',
  'Kalender von ' || "first_name",
  "first_name" || ' ждёт малыша',
  "first_name" || ' ' || "last_name" || '''s calendar'
);
