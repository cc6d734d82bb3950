-- A school upgrading from a release without the attendance_from setting keeps its history: attendance
-- counts from its school year's first day (a new school gets the day it is set up, the setting's default,
-- when lib/settings creates the row at start). Nothing happens on a new database (no settings yet).
INSERT INTO "settings" ("key", "group_id", "type", "description", "value", "authenticated", "position")
SELECT 'attendance_from', g."id", 'datetime',
       'Attendance counts from this date (the day the school started using Flexblock): no student is ever absent before it.',
       left(s."value", 10), true, s."position"
FROM "settings" s
JOIN "setting_groups" g ON g."name" = 'General settings'
WHERE s."key" = 'start_datetime' AND s."value" ~ '^\d{4}-\d{2}-\d{2}'
ON CONFLICT ("key") DO NOTHING;
