import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { staffList } from "@/lib/people/lists";

// GET /api/staff: every staff member (staff and sysadmins only; emails are not for students)
export const GET = route({ roles: ROLES.shell }, ({ db }) => staffList(db));
