import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { studentList } from "@/lib/people/lists";

// GET /api/students: every student, without student numbers (staff and sysadmins only)
export const GET = route({ roles: ROLES.shell }, ({ db }) => studentList(db));
