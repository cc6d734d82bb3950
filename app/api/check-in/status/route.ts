import { conditionalJson } from "@/lib/api/conditional.server";
import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { checkInStatusAnswer } from "@/lib/checkin/answers";
import { checkInStatus } from "@/lib/checkin/service.server";

// GET /api/check-in/status: today's Focus Block, the caller's planned students and check-ins
// (teachers, admins and sysadmins; see app/api/check-in/route.ts for why sysadmins are allowed).
// Answers with an ETag; 304 when the poll's If-None-Match still matches (lib/api/conditional.server.ts).
export const GET = route({ roles: ROLES.shell, response: checkInStatusAnswer }, async ({ db, user, now, request }) =>
  conditionalJson({ request, db, caller: user.user.id, now }, () => checkInStatus(db, user, undefined, now)),
);
