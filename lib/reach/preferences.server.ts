import "server-only";
import type { Db } from "@/db";
import { deleteOptOut, insertOptOut, optOutsOf } from "@/db/queries/outbox";
import { countPushSubscriptions } from "@/db/queries/push";
import { settingValues } from "@/db/queries/settings";
import { ApiError } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import { PREFERENCE_KINDS, readMandatory, type PreferenceKind } from "@/lib/settings/notification-settings";
import {
  MANDATORY_MESSAGES,
  type ChannelPreferences,
  type NotificationPreferences,
  type NotificationPreferencesBody,
  type PreferenceChannel,
} from "./preferences";
import { mailConfig } from "./transport.server";

/**
 * A person's own notification switches, kept where the senders read them (opt_outs): email by address
 * (so the unsubscribe link and this screen turn off the same thing), push by account (`user:<id>`).
 * A kind the school made mandatory is always on and cannot be turned off.
 */

/** The address the person's email goes to, as the outbox keeps it (lower-cased), or null. */
export function emailAddressOf(principal: Principal): string | null {
  const address = principal.staff?.email ?? principal.student?.email ?? principal.sysadmin?.email ?? null;
  return address?.trim() ? address.trim().toLowerCase() : null;
}

export const pushSubjectOf = (principal: Principal) => `user:${principal.user.id}`;

export async function mandatoryKinds(db: Db): Promise<PreferenceKind[]> {
  const [row] = await settingValues(db, ["mandatory-notifications"]);
  return readMandatory(row?.value) ?? [];
}

function switches(optedOut: string[], mandatory: PreferenceKind[]): ChannelPreferences {
  const off = new Set(optedOut);
  return Object.fromEntries(PREFERENCE_KINDS.map((k) => [k, mandatory.includes(k) || !off.has(k)])) as ChannelPreferences;
}

/** GET /api/user/notification-preferences. */
export async function notificationPreferences(db: Db, principal: Principal): Promise<NotificationPreferences> {
  const address = emailAddressOf(principal);
  const [mandatory, emailOff, pushOff, devices] = await Promise.all([
    mandatoryKinds(db),
    address ? optOutsOf(db, "email", address) : Promise.resolve([]),
    optOutsOf(db, "push", pushSubjectOf(principal)),
    countPushSubscriptions(db, principal.user.id),
  ]);
  return {
    email: switches(emailOff, mandatory),
    push: switches(pushOff, mandatory),
    mandatory,
    email_address: address,
    email_configured: mailConfig() !== null,
    devices,
  };
}

/**
 * PUT /api/user/notification-preferences: the switches given, in one transaction. Turning a mandatory
 * kind off is refused (422) and changes nothing; without an address there is no email to turn off, so
 * the email switches are left as they are.
 */
export async function saveNotificationPreferences(
  db: Db,
  principal: Principal,
  body: NotificationPreferencesBody,
): Promise<NotificationPreferences> {
  const mandatory = await mandatoryKinds(db);
  const refused = PREFERENCE_KINDS.flatMap((kind) =>
    (["email", "push"] as const)
      .filter((channel) => mandatory.includes(kind) && body[channel]?.[kind] === false)
      .map((channel) => ({ channel, kind })),
  );
  if (refused.length > 0) {
    const message = MANDATORY_MESSAGES[refused[0]!.kind];
    throw new ApiError(
      422,
      "mandatory_notification",
      message,
      Object.fromEntries(refused.map((r) => [`${r.channel}.${r.kind}`, [MANDATORY_MESSAGES[r.kind]]])),
    );
  }
  const address = emailAddressOf(principal);
  const subjects: Record<PreferenceChannel, string | null> = { email: address, push: pushSubjectOf(principal) };
  await db.transaction(async (tx) => {
    for (const channel of ["email", "push"] as const) {
      const subject = subjects[channel];
      if (!subject) continue;
      for (const kind of PREFERENCE_KINDS) {
        const on = body[channel]?.[kind];
        if (on === undefined) continue;
        if (on) await deleteOptOut(tx, channel, subject, kind);
        else await insertOptOut(tx, channel, subject, kind);
      }
    }
  });
  return notificationPreferences(db, principal);
}
