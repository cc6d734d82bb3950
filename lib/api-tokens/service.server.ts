import "server-only";
import type { Db } from "@/db";
import {
  findApiToken,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  type ApiTokenListRow,
} from "@/db/queries/api-tokens";
import { insertAudit } from "@/db/queries/audit";
import { ApiError, invalid, notFound } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { checkOwnPassword, type Caller } from "@/lib/auth/service.server";
import { hashToken, newToken } from "@/lib/auth/tokens.server";
import { DEFAULT_TOKEN_DAYS, MAX_TOKEN_DAYS, type ApiTokenBody } from "./schemas";
import { API_TOKEN_PREFIX, type ApiScope } from "./scopes";
import type { ApiTokenView, CreatedToken } from "./answers";

export type { ApiTokenView };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a new token stops working: `expires_in_days` after now, the end of the chosen `expires_on` day
 * (UTC, so the whole day is included), or a year from now. A date in the past or more than two years
 * ahead is a 422 on expires_on.
 */
export function tokenExpiry(body: Pick<ApiTokenBody, "expires_in_days" | "expires_on">, now: Date): Date {
  if (body.expires_on === undefined)
    return new Date(now.getTime() + (body.expires_in_days ?? DEFAULT_TOKEN_DAYS) * DAY_MS);
  const end = new Date(`${body.expires_on}T23:59:59.999Z`);
  if (end.getTime() <= now.getTime()) throw invalid({ expires_on: ["Choose a date after today."] });
  if (end.getTime() > now.getTime() + MAX_TOKEN_DAYS * DAY_MS) {
    throw invalid({ expires_on: ["A token can live at most two years: choose an earlier date."] });
  }
  return end;
}

function present(row: ApiTokenListRow): ApiTokenView {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    hint: `${API_TOKEN_PREFIX}…${row.hint}`,
    created_at: row.created_at.toISOString(),
    created_by: row.created_by?.user_id
      ? {
          user_id: row.created_by.user_id,
          username: row.created_by.username!,
          name: row.created_by.name ?? row.created_by.username!,
        }
      : null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    expires_at: row.expires_at?.toISOString() ?? null,
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
export async function createApiToken(db: Db, user: Principal, body: ApiTokenBody, caller: Caller, now: Date): Promise<CreatedToken> {
  const expiresAt = tokenExpiry(body, now);
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
      expires_at: expiresAt,
    });
    await insertAudit(tx, {
      actor_user_id: user.user.id,
      action: "api_token.create",
      details: {
        token_id: inserted.id,
        name: inserted.name,
        scopes: inserted.scopes,
        expires_at: expiresAt.toISOString(),
      },
    });
    return inserted;
  });
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiScope[],
    hint: `${API_TOKEN_PREFIX}…${row.hint}`,
    created_at: row.created_at.toISOString(),
    expires_at: expiresAt.toISOString(),
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
