import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { airCodeAnswer } from "@/lib/checkin/answers";
import { currentAirCode } from "@/lib/checkin/air-service.server";

// GET /api/check-in/air-code: the rotating Air Check-in code for the caller's Focus Block today
// (staff only: the code checks students in to the caller's own block).
export const GET = route({ roles: ROLES.staff, response: airCodeAnswer }, ({ db, user, now }) => currentAirCode(db, user, now));
