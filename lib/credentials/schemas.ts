import { z } from "zod";
import { idOf } from "@/lib/api/schemas";

/** The most accounts one credentials action takes (a whole school with room to spare). */
export const MAX_USER_IDS = 10_000;

/** POST /api/users/{reset-passwords|invalidate-passwords|disable-users|reenable-users|reset-sign-in}. */
export const userIdsBody = z.object({
  user_ids: z
    .array(idOf("user id"), { error: "user_ids must be a list of user ids." })
    .min(1, { error: "Select at least one account." })
    .max(MAX_USER_IDS, { error: `At most ${MAX_USER_IDS} accounts at once.` }),
});
export type UserIdsBody = z.infer<typeof userIdsBody>;

export const CREDENTIAL_ACTIONS = [
  "reset-passwords",
  "invalidate-passwords",
  "disable-users",
  "reenable-users",
  "reset-sign-in",
] as const;
export type CredentialAction = (typeof CREDENTIAL_ACTIONS)[number];

/** What each action is called in the audit log, and the spec's success message (§8). */
export const ACTION_INFO: Record<CredentialAction, { audit: string; message: string; label: string }> = {
  "reset-passwords": {
    audit: "credentials.reset_password",
    message: "Reset passwords successfully.",
    label: "Reset Passwords",
  },
  "invalidate-passwords": {
    audit: "credentials.invalidate_password",
    message: "Invalidated passwords successfully.",
    label: "Invalidate Passwords",
  },
  "disable-users": {
    audit: "credentials.disable",
    message: "Disabled accounts successfully.",
    label: "Disable Accounts",
  },
  "reenable-users": {
    audit: "credentials.reenable",
    message: "Reenabled accounts successfully.",
    label: "Reenable Accounts",
  },
  "reset-sign-in": {
    audit: "credentials.reset_sign_in",
    message: "Reset single sign-on successfully.",
    label: "Reset Single Sign-On",
  },
};
