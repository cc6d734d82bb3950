import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { movedCheckInAnswer } from "@/lib/checkin/answers";
import { checkInMoveBody } from "@/lib/checkin/offline-schemas";
import { moveCheckIn } from "@/lib/checkin/elsewhere-service.server";

// POST /api/check-in/move: take over a student someone else checked in (school setting, audited).
export const POST = route({ roles: ROLES.staff, body: checkInMoveBody, response: movedCheckInAnswer }, ({ db, user, body }) =>
  moveCheckIn(db, user, body.entry_id),
);
