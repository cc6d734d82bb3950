import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { calendarImportAnswer } from "@/lib/calendar/answers";
import { CALENDAR_UPLOAD, importEvents } from "@/lib/calendar/events.server";

// POST /api/calendar-events/import: add the events of an iCalendar (.ics) or CSV (date,name,in_session) file; dry_run answers without writing (administrators)
export const POST = route(
  {
    roles: ROLES.admins,
    multipart: CALENDAR_UPLOAD,
    response: calendarImportAnswer,
    description:
      "multipart/form-data: `file` (.ics or .csv, at most 2 MB), `dry_run` (\"true\" writes nothing), `no_school` (.ics " +
      "only: \"all\", \"none\" or a comma-separated list of event summaries; default: summaries with holiday, break, " +
      "Pro-D, professional, no school, closed or vacation). Recurring events are expanded; at most 5,000 dates. Events " +
      "outside the school year are skipped and counted; an event already on the calendar (same date and name) is a " +
      "duplicate. The plans on the days it closes are cancelled (`plans_cancelled`, counted by the dry run). " +
      "Answer: `{dry_run, added, skipped_outside_year, duplicates, plans_cancelled, events: [{date, name, no_blocks}]}`; " +
      "applied, also `import: {id, report}`: the file's entry in the Imports history (GET /api/imports/{id}, kind " +
      "`calendar`). " +
      "422 (nothing written): `errors.file` lists each problem with its line, among them a rule repeating more often " +
      "than daily, a date that does not exist and a TZID the file does not describe that is no IANA zone.",
  },
  ({ db, user, form, now }) => importEvents(db, user, form, now),
);
