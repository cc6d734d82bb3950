import { route } from "@/lib/http/route.server";
import { savedSchoolYearAnswer, schoolYearAnswer } from "@/lib/calendar/answers";
import { ROLES } from "@/lib/auth/roles";
import { schoolYearBody } from "@/lib/calendar/schemas";
import { getSchoolYear, saveSchoolYear } from "@/lib/calendar/school-year.server";

const SHAPE =
  "Answer: `{start, end, attendance_from, terms: [{id, name, start, end}], school_days, focus_blocks, " +
  "focus_blocks_by_term: [{name, focus_blocks}]}`.";

// GET /api/school-year: the school year, its terms, and the year at a glance (days in session, Focus Blocks per term)
export const GET = route({ roles: ROLES.shell, description: SHAPE, response: schoolYearAnswer }, ({ db, now }) => getSchoolYear(db, now));

// PUT /api/school-year: set the year's start and end, the date attendance counts from, and the terms (administrators)
export const PUT = route(
  {
    roles: ROLES.admins,
    body: schoolYearBody,
    response: savedSchoolYearAnswer,
    description:
      "Body: `{start, end, attendance_from, terms: [{name, start, end}]}`; the terms replace the old ones (a term keeps " +
      "its id while its name stays); the school days are regenerated. 422: an end before the start, attendance_from " +
      "or a term outside the year, overlapping terms. `dry_run: true` answers `{dry_run, day_type_changes: [{date, from, to}]}` " +
      `(the dates whose day type the change moves) and writes nothing. ${SHAPE} Plus \`day_type_changes\`.`,
  },
  ({ db, user, body, now }) => saveSchoolYear(db, user, body, now),
);
