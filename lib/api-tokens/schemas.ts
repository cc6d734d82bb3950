import { z } from "zod";
import { id, text } from "@/lib/api/schemas";
import { confirmingPassword } from "@/lib/auth/schemas";
import { API_SCOPE_NAMES } from "./scopes";

/**
 * POST /api/api-tokens: a name people recognise, scopes from the fixed list, and the caller's password
 * (a token outlives the session that made it, so an unattended signed-in screen must not be enough).
 */
export const apiTokenBody = z
  .object({
    name: text({ label: "The name", max: 100, min: 1, required: "A name is required." }),
    scopes: z
      .array(z.enum(API_SCOPE_NAMES, { error: `A scope must be one of: ${API_SCOPE_NAMES.join(", ")}.` }), {
        error: "Choose at least one scope.",
      })
      .min(1, { error: "Choose at least one scope." })
      .max(API_SCOPE_NAMES.length, { error: "Choose each scope once." })
      .refine((scopes) => new Set(scopes).size === scopes.length, { error: "Choose each scope once." }),
    /** How long it lives: 30, 90 or 365 days (the default) … */
    expires_in_days: z
      .union([z.literal(30), z.literal(90), z.literal(365)], { error: "Choose 30, 90 or 365 days." })
      .optional(),
    /** … or until a date (YYYY-MM-DD, at most two years ahead; checked against today in the service). */
    expires_on: z
      .string({ error: "Give a date as YYYY-MM-DD." })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give a date as YYYY-MM-DD." })
      .refine(
        (value) =>
          !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
          new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
        {
          error: "Give a date as YYYY-MM-DD.",
        },
      )
      .optional(),
    password: confirmingPassword,
  })
  .refine((body) => body.expires_in_days === undefined || body.expires_on === undefined, {
    error: "Choose a number of days or a date, not both.",
    path: ["expires_on"],
  });
export type ApiTokenBody = z.infer<typeof apiTokenBody>;

/** Expiry choices offered when creating a token; a year when none is given. */
export const TOKEN_LIFETIMES = [30, 90, 365] as const;
export const DEFAULT_TOKEN_DAYS = 365;
/** A chosen date may be at most this many days ahead. */
export const MAX_TOKEN_DAYS = 731;

/** DELETE /api/api-tokens/{id} */
export const apiTokenParams = z.object({ id });
