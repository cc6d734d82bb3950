import { route } from "@/lib/http/route.server";
import { waitlistJoinAnswer, waitlistLeaveAnswer } from "@/lib/core/schedule/types";
import { ROLES } from "@/lib/auth/roles";
import { waitlistBody } from "@/lib/choice/schemas";
import { joinWaitlist, leaveWaitlist } from "@/lib/schedule/waitlist.server";

const WAITLIST_ROLES = [...ROLES.students, ...ROLES.staff] as const;

// POST /api/students/waitlist: a student joins a full teacher's waitlist for a Focus Block (staff add one with student_id)
export const POST = route(
  {
    roles: WAITLIST_ROLES,
    body: waitlistBody,
    status: 201,
    response: waitlistJoinAnswer,
    description:
      "Answers `{ position }` (1: first in line). 409 seats_left when the teacher has a seat (choose instead), waitlist_limit, already_planned; 422 choice_closed after the choice deadline.",
  },
  ({ db, user, body, now }) => joinWaitlist(db, user, body, now),
);

// DELETE /api/students/waitlist: leave a teacher's waitlist for a Focus Block (staff take a student off with student_id)
export const DELETE = route({ roles: WAITLIST_ROLES, body: waitlistBody, response: waitlistLeaveAnswer }, ({ db, user, body, now }) => leaveWaitlist(db, user, body, now));
