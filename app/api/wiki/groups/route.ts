import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { createdWikiGroupAnswer, wikiGroupListAnswer } from "@/lib/wiki/answers";
import { wikiGroupBody, wikiReadQuery } from "@/lib/wiki/schemas";
import { createWikiGroup, wikiGroups } from "@/lib/wiki/service.server";

// GET /api/wiki/groups: the wiki groups in order (staff and sysadmins every one; students those meant for everyone)
export const GET = route({ roles: ROLES.anyone, query: wikiReadQuery, response: wikiGroupListAnswer }, ({ db, user, query }) =>
  wikiGroups(db, user, query.locale),
);

// POST /api/wiki/groups: add a group at the end (administrators)
export const POST = route({ roles: ROLES.admins, body: wikiGroupBody, status: 201, response: createdWikiGroupAnswer }, ({ db, user, body }) =>
  createWikiGroup(db, user, body),
);
