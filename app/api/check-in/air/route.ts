import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { airCheckInBody } from "@/lib/checkin/air-schemas";
import { airCheckIn } from "@/lib/checkin/air-service.server";

// POST /api/check-in/air {code}: a student checks themselves in with the code their teacher shows.
export const POST = route({ roles: ROLES.students, body: airCheckInBody }, ({ db, user, body, now }) =>
  airCheckIn(db, user, body, now),
);
