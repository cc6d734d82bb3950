import { z } from "zod";
import { staffDetails, studentDetails, sysadminDetails } from "@/lib/people/answers";
import { CREDENTIAL_ACTIONS } from "./schemas";

/**
 * The Credentials Manager's answers as zod schemas (GET /api/users and the POST /api/users/{action}
 * routes); the presenters' interfaces are checked against them by the routes. Client-safe.
 */

/** The person in GET /api/user's `details` shape; a student listed here may have no grade. */
const credentialDetailsAnswer = z.union([
  staffDetails,
  studentDetails.extend({ grade: z.number().nullable() }),
  sysadminDetails,
]);

/** An account as the Credentials Manager lists it. */
export const credentialUserAnswer = z.object({
  /** The user (account) id that the actions take. */
  id: z.number(),
  username: z.string(),
  name: z.string(),
  initials: z.string(),
  color: z.string(),
  role: z.enum(["student", "teacher", "admin", "sysadmin"]),
  /** Student, Teacher, Administrator or Systems Admin. */
  display_role: z.string(),
  /** "Active", or "Disabled 3 days ago". */
  status: z.string(),
  account_status: z.enum(["active", "disabled"]),
  password_expired: z.boolean(),
  password_status: z.enum(["Valid", "Expired"]),
  /** Added to the spec's shape: the account is linked to a school account (single sign-on). */
  sso_linked: z.boolean(),
  /** Whether the caller may act on this account (never on oneself). */
  can_manage: z.boolean(),
  account_type: z.enum(["staff", "student", "sysadmin"]),
  details: credentialDetailsAnswer,
});

/** GET /api/users. */
export const credentialUserListAnswer = z.array(credentialUserAnswer);

/**
 * POST /api/users/{action}: what was done to how many accounts; reset-passwords adds each temporary
 * password (shown this once), disable-users the disabled teachers' plans released and placed again.
 */
export const credentialsResultAnswer = z.object({
  message: z.string(),
  action: z.enum(CREDENTIAL_ACTIONS),
  count: z.number(),
  user_ids: z.array(z.number()),
  passwords: z
    .array(
      z.object({ user_id: z.number(), username: z.string(), name: z.string(), display_role: z.string(), password: z.string() }),
    )
    .optional(),
  plans_released: z.number().optional(),
  placed_again: z.number().optional(),
});
