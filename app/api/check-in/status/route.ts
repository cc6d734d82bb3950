import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { checkInStatus } from "@/lib/checkin/service";

// GET /api/check-in/status: today's Focus Block, the caller's planned students and check-ins
// (teachers, admins and sysadmins; see app/api/check-in/route.ts for why sysadmins are allowed).
export const GET = route({ roles: ROLES.shell }, ({ db, user, now }) =>
  checkInStatus(db, user, undefined, now),
);
