import { z } from "zod";
import { idOf } from "@/lib/api/schemas";
import type { AccountPart } from "@/lib/auth/account-changes";

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

/** What each action is called in the audit log, the spec's success message (§8), and the part of the account it changes. */
export const ACTION_INFO: Record<CredentialAction, { audit: string; message: string; label: string; part: AccountPart }> = {
  "reset-passwords": {
    part: "password",
    audit: "credentials.reset_password",
    message: "Reset passwords successfully.",
    label: "Reset Passwords",
  },
  "invalidate-passwords": {
    part: "password",
    audit: "credentials.invalidate_password",
    message: "Invalidated passwords successfully.",
    label: "Invalidate Passwords",
  },
  "disable-users": {
    part: "enabled",
    audit: "credentials.disable",
    message: "Disabled accounts successfully.",
    label: "Disable Accounts",
  },
  "reenable-users": {
    part: "enabled",
    audit: "credentials.reenable",
    message: "Reenabled accounts successfully.",
    label: "Reenable Accounts",
  },
  "reset-sign-in": {
    part: "sso_link",
    audit: "credentials.reset_sign_in",
    message: "Reset single sign-on successfully.",
    label: "Reset Single Sign-On",
  },
};
