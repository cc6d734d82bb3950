import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { deletedWikiItemAnswer, wikiPostWithGroupAnswer } from "@/lib/wiki/answers";
import { wikiPostParams, wikiReadQuery, wikiPostUpdateBody } from "@/lib/wiki/schemas";
import { deleteWikiPost, updateWikiPost, wikiPost } from "@/lib/wiki/service.server";

// GET /api/wiki/posts/{id}: one post, its markdown as written (students: only in a group meant for everyone)
export const GET = route({ roles: ROLES.anyone, params: wikiPostParams, query: wikiReadQuery, response: wikiPostWithGroupAnswer }, ({ db, user, params, query }) =>
  wikiPost(db, user, params.id, query.locale),
);

// PUT /api/wiki/posts/{id}: edit a post, or move it within or between groups (administrators)
export const PUT = route(
  { roles: ROLES.admins, params: wikiPostParams, body: wikiPostUpdateBody, response: wikiPostWithGroupAnswer },
  ({ db, user, params, body }) => updateWikiPost(db, user, params.id, body),
);

// DELETE /api/wiki/posts/{id}: delete a post (administrators)
export const DELETE = route({ roles: ROLES.admins, params: wikiPostParams, response: deletedWikiItemAnswer }, ({ db, user, params }) =>
  deleteWikiPost(db, user, params.id),
);
