import "server-only";
import type { Db } from "@/db";
import { findApiToken, insertApiToken, listApiTokens, revokeApiToken, type ApiTokenListRow } from "@/db/queries/api-tokens";
import { insertAudit } from "@/db/queries/audit";
import { ApiError, notFound } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { checkOwnPassword, type Caller } from "@/lib/auth/service";
import { hashToken, newToken } from "@/lib/auth/tokens";
import type { ApiTokenBody } from "./schemas";
import { API_TOKEN_PREFIX, type ApiScope } from "./scopes";

export interface ApiTokenView {
  id: number;
  name: string;
  scopes: ApiScope[];
  /** `fbk_…abcd`: enough to tell tokens apart, never enough to use one. */
  hint: string;
  created_at: string;
  created_by: { user_id: number; username: string; name: string } | null;
  last_used_at: string | null;
  revoked_at: string | null;
}

function present(row: ApiTokenListRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    hint: `${API_TOKEN_PREFIX}…${row.hint}`,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by?.user_id
      ? { user_id: row.created_by.user_id, username: row.created_by.username!, name: row.created_by.name ?? row.created_by.username! }
      : null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
  };
}

/** GET /api/api-tokens: every token, newest first (revoked ones stay listed, marked). */
export async function apiTokenList(db: Db): Promise<{ tokens: ApiTokenView[] }> {
  return { tokens: (await listApiTokens(db)).map(present) };
}

/**
 * POST /api/api-tokens: a new token, once the caller's password is confirmed (401 and the throttle of
 * POST /api/verify-user otherwise). Its secret is in this answer and nowhere else: only its SHA-256 is
 * stored. Audited (without the secret).
 */
export async function createApiToken(db: Db, user: Principal, body: ApiTokenBody, caller: Caller, now: Date) {
  await checkOwnPassword(db, user, body.password, caller, now);
  const secret = `${API_TOKEN_PREFIX}${newToken()}`;
  const row = await db.transaction(async (tx) => {
    const inserted = await insertApiToken(tx, {
      name: body.name,
      scopes: body.scopes,
      token_hash: hashToken(secret),
      hint: secret.slice(-4),
      created_by_user_id: user.user.id,
      created_at: now,
    });
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "api_token.create",
      details: { token_id: inserted.id, name: inserted.name, scopes: inserted.scopes },
    });
    return inserted;
  });
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    hint: `${API_TOKEN_PREFIX}…${row.hint}`,
    created_at: row.created_at.toISOString(),
    /** Shown once: copy it now. */
    token: secret,
  };
}

/** DELETE /api/api-tokens/{id}: revoke a token; it stops working at once. Audited. */
export async function revokeApiTokenById(db: Db, user: Principal, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const revoked = await revokeApiToken(tx, id, user.user.id, now);
    if (!revoked) {
      const existing = await findApiToken(tx, id);
      if (!existing) throw notFound("No API token has that id.");
      throw new ApiError(409, "already_revoked", "That API token was revoked already.");
    }
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "api_token.revoke",
      details: { token_id: revoked.id, name: revoked.name, scopes: revoked.scopes },
    });
    return { id: revoked.id, revoked_at: now.toISOString() };
  });
}
