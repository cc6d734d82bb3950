import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { airCheckInAnswer, selfCheckInWindowAnswer } from "@/lib/checkin/answers";
import { airCheckInBody } from "@/lib/checkin/air-schemas";
import { airCheckIn, selfCheckInWindow } from "@/lib/checkin/air-service.server";

// GET /api/check-in/air: whether the student can check in with a code now (today's window and the server's clock)
export const GET = route({ roles: ROLES.students, response: selfCheckInWindowAnswer }, ({ db, now }) => selfCheckInWindow(db, now));

// POST /api/check-in/air {code}: a student checks themselves in with the code their teacher shows.
export const POST = route({ roles: ROLES.students, body: airCheckInBody, response: airCheckInAnswer }, ({ db, user, body, now }) =>
  airCheckIn(db, user, body, now),
);
