import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { savedTimetableAnswer, timetableAnswer } from "@/lib/calendar/answers";
import { timetableBody, timetableQuery } from "@/lib/calendar/schemas";
import { getTimetable, putTimetable } from "@/lib/calendar/timetable.server";

const SHAPE =
  "Answer: `{date, effective_from, cycle: {kind, day_types, first_day_type} | null, blocks: [{id, label, flex, " +
  "times: [{day_type, start, end}]}], bell_schedules: [{name, times: [{label, start, end}]}], versions: [dates], " +
  "earliest_effective_from}`; times are HH:MM.";

// GET /api/timetable: the timetable in force on ?date= (default today): its cycle, blocks and alternate bell schedules
export const GET = route(
  {
    roles: ROLES.shell,
    query: timetableQuery,
    response: timetableAnswer,
    description: `The timetable version in force on the date (null fields and empty lists when none is). ${SHAPE}`,
  },
  ({ db, query, now }) => getTimetable(db, query.date, now),
);

// PUT /api/timetable: save the timetable that takes effect from a date (administrators); regenerates the school days from it
export const PUT = route(
  {
    roles: ROLES.admins,
    body: timetableBody,
    response: savedTimetableAnswer,
    description:
      "Body: `{effective_from, cycle: {kind: \"weekly\"|\"rotation\", day_types, first_day_type?}, blocks: [{label, flex, " +
      "times: [{day_type, start, end}]}], bell_schedules?: [{name, times: [{label, start, end}]}]}`. Replaces the version " +
      "with the same effective date (later ones stay); a block keeps its id while its label and flex stay. 422: " +
      "overlapping times, an end not after its start, an unknown day type, duplicate labels, no or more than 20 day " +
      "types, the Focus Block twice on a day type, an effective date before the first date attendance does not rest on. " +
      "A rotation goes on through the new version unless `first_day_type` is given. `dry_run: true` answers " +
      "`{dry_run, effective_from, regenerated_days, day_type_changes: [{date, from, to}]}` and writes nothing; a save " +
      "that moves any school day's day type is 409 `day_type_changes_unconfirmed` without `confirm_day_type_changes: true`. " +
      `${SHAPE} Plus \`regenerated_days\` and \`day_type_changes\`.`,
  },
  ({ db, user, body, now }) => putTimetable(db, user, body, now),
);
