import { route } from "@/lib/api/route";
import { ROLES } from "@/lib/auth/roles";
import { searchQuery } from "@/lib/search/schemas";
import { search } from "@/lib/search/service";

// GET /api/search?query=&limit=: find students, staff, courses and clusters by name (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, query: searchQuery }, ({ db, query }) => search(db, query.query, query.limit));
