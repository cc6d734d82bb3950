import { z } from "zod";
import { id, text } from "@/lib/api/schemas";
import { confirmingPassword } from "@/lib/auth/schemas";
import { API_SCOPE_NAMES } from "./scopes";

/**
 * POST /api/api-tokens: a name people recognise, scopes from the fixed list, and the caller's password
 * (a token outlives the session that made it, so an unattended signed-in screen must not be enough).
 */
export const apiTokenBody = z.object({
  name: text({ label: "The name", max: 100, min: 1, required: "A name is required." }),
  scopes: z
    .array(z.enum(API_SCOPE_NAMES, { error: `A scope must be one of: ${API_SCOPE_NAMES.join(", ")}.` }), {
      error: "Choose at least one scope.",
    })
    .min(1, { error: "Choose at least one scope." })
    .max(API_SCOPE_NAMES.length, { error: "Choose each scope once." })
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: "Choose each scope once." }),
  password: confirmingPassword,
});
export type ApiTokenBody = z.infer<typeof apiTokenBody>;

/** DELETE /api/api-tokens/{id} */
export const apiTokenParams = z.object({ id });
