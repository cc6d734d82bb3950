import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { searchAnswer } from "@/lib/search/answers";
import { searchQuery } from "@/lib/search/schemas";
import { search } from "@/lib/search/service.server";

// GET /api/search?query=&limit=&kind=&offset=: find students, staff, courses, clusters and wiki posts (staff and sysadmins)
export const GET = route({ roles: ROLES.shell, query: searchQuery, response: searchAnswer }, ({ db, user, query }) =>
  search(db, user, query.query, query.limit, { kind: query.kind, offset: query.offset }),
);
