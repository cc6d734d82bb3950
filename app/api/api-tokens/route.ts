import { route } from "@/lib/http/route.server";
import { apiTokenListAnswer, createdTokenAnswer } from "@/lib/api-tokens/answers";
import { ROLES } from "@/lib/auth/roles";
import { apiTokenBody } from "@/lib/api-tokens/schemas";
import { apiTokenList, createApiToken } from "@/lib/api-tokens/service.server";

// GET /api/api-tokens: every integration API token, newest first, revoked ones marked (administrators)
export const GET = route({ roles: ROLES.admins, response: apiTokenListAnswer }, ({ db }) => apiTokenList(db));

// POST /api/api-tokens: create a named API token with scopes; confirmed with the caller's password; its secret is in this answer only (administrators)
export const POST = route(
  { roles: ROLES.admins, body: apiTokenBody, status: 201, response: createdTokenAnswer },
  ({ db, user, body, request, address, now }) =>
    createApiToken(db, user, body, { address, userAgent: request.headers.get("user-agent") }, now),
);
