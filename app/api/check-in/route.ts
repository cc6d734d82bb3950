import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { checkInAnswer } from "@/lib/checkin/answers";
import { checkInSubmitBody } from "@/lib/checkin/offline-schemas";
import { checkIn } from "@/lib/checkin/service.server";

// POST /api/check-in: check students in to the day's Focus Block by student number or id.
// Open to the whole shell: sysadmins land on /check-in, so they may check students in too
// (their rows have staff_id null and checked_in_by = their user id). Students get 403.
// An optional `submission_id` (UUID) makes a retry answer the first result instead of recording again.
export const POST = route({ roles: ROLES.shell, body: checkInSubmitBody, response: checkInAnswer }, ({ db, user, body, now }) =>
  checkIn(db, user, body, now),
);
