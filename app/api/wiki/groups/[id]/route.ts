import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { deletedWikiItemAnswer, wikiGroupAnswer, wikiPostListAnswer } from "@/lib/wiki/answers";
import { wikiGroupParams, wikiReadQuery, wikiGroupUpdateBody } from "@/lib/wiki/schemas";
import { deleteWikiGroup, updateWikiGroup, wikiGroupPosts } from "@/lib/wiki/service.server";

// GET /api/wiki/groups/{id}: the group's posts in order (students: only a group meant for everyone)
export const GET = route({ roles: ROLES.anyone, params: wikiGroupParams, query: wikiReadQuery, response: wikiPostListAnswer }, ({ db, user, params, query }) =>
  wikiGroupPosts(db, user, params.id, query.locale),
);

// PUT /api/wiki/groups/{id}: rename or move a group (administrators)
export const PUT = route(
  { roles: ROLES.admins, params: wikiGroupParams, body: wikiGroupUpdateBody, response: wikiGroupAnswer },
  ({ db, user, params, body }) => updateWikiGroup(db, user, params.id, body),
);

// DELETE /api/wiki/groups/{id}: delete an empty group (administrators)
export const DELETE = route({ roles: ROLES.admins, params: wikiGroupParams, response: deletedWikiItemAnswer }, ({ db, user, params }) =>
  deleteWikiGroup(db, user, params.id),
);
