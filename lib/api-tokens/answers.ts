import { z } from "zod";
import { API_SCOPE_NAMES } from "./scopes";

/** The API-token answers as zod schemas; the service's and the screen's types are inferred from them. */

const scopes = z.array(z.enum(API_SCOPE_NAMES));

/** One token as the list shows it: never the secret. */
export const apiTokenAnswer = z.object({
  id: z.number(),
  name: z.string(),
  scopes,
  /** `fbk_…abcd`: enough to tell tokens apart, never enough to use one. */
  hint: z.string(),
  created_at: z.string(),
  created_by: z.object({ user_id: z.number(), username: z.string(), name: z.string() }).nullable(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** Refused from this instant on; null only for tokens made before tokens expired. */
  expires_at: z.string().nullable(),
});
export type ApiTokenView = z.infer<typeof apiTokenAnswer>;

/** GET /api/api-tokens. */
export const apiTokenListAnswer = z.object({ tokens: z.array(apiTokenAnswer) });

/** POST /api/api-tokens: the token itself, shown once. */
export const createdTokenAnswer = z.object({
  id: z.number(),
  name: z.string(),
  scopes,
  hint: z.string(),
  created_at: z.string(),
  expires_at: z.string(),
  /** Shown once: copy it now. */
  token: z.string(),
});
export type CreatedToken = z.infer<typeof createdTokenAnswer>;

/** DELETE /api/api-tokens/{id}. */
export const revokedTokenAnswer = z.object({ id: z.number(), revoked_at: z.string() });
