import { route } from "@/lib/http/route.server";
import { ROLES } from "@/lib/auth/roles";
import { wikiPostWithGroupAnswer } from "@/lib/wiki/answers";
import { wikiPostBody } from "@/lib/wiki/schemas";
import { createWikiPost } from "@/lib/wiki/service.server";

// POST /api/wiki/posts: write a new post in a group (administrators)
export const POST = route({ roles: ROLES.admins, body: wikiPostBody, status: 201, response: wikiPostWithGroupAnswer }, ({ db, user, body }) =>
  createWikiPost(db, user, body),
);
