import "server-only";
import type { Db } from "@/db";
import { findLiveApiToken, touchApiToken } from "@/db/queries/api-tokens";
import { ApiError } from "@/lib/api/errors.server";
import { bearerToken, hashToken } from "@/lib/auth/tokens.server";
import { isApiToken, type ApiScope } from "./scopes";

/** An integration calling with its API token (never a user: it has no role and no account). */
export interface ApiTokenCaller {
  id: number;
  name: string;
  scopes: ApiScope[];
}

/** last_used_at is written at most this often, so a nightly pull of many pages costs one write. */
const TOUCH_EVERY_MS = 60_000;

/**
 * The integration behind an `Authorization: Bearer fbk_…` header, or null when the header holds no API
 * token (a session token or nothing). Unknown, revoked, expired, or made by someone who is now disabled
 * or no longer an administrator or sysadmin: 401. A route whose declaration lists none of
 * the token's scopes: 403, whatever the route's roles (public routes too): a token works where its scope
 * allows and nowhere else.
 */
export async function apiTokenCaller(
  db: Db,
  request: Request,
  now: Date,
  routeScopes: readonly ApiScope[] | undefined,
): Promise<ApiTokenCaller | null> {
  const token = bearerToken(request);
  if (!token || !isApiToken(token)) return null;
  const row = await findLiveApiToken(db, hashToken(token), now);
  if (!row) {
    throw new ApiError(
      401,
      "invalid_api_token",
      "This API token is unknown, revoked or expired, or the administrator who created it can no longer sign in as one.",
    );
  }
  const scopes = row.scopes as ApiScope[];
  if (!routeScopes?.some((scope) => scopes.includes(scope))) {
    throw new ApiError(403, "token_scope", "This API token's scopes do not allow this request.");
  }
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
    await touchApiToken(db, row.id, now);
  }
  return { id: row.id, name: row.name, scopes };
}
