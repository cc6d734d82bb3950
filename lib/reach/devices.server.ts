import "server-only";
import type { Db } from "@/db";
import { deletePushSubscription, pruneOldPushSubscriptions, upsertPushSubscription } from "@/db/queries/push";
import type { Principal } from "@/lib/auth/principal";
import { oneLine } from "./content";
import type { PushSubscriptionBody } from "./preferences";
import { vapidKeys } from "./push.server";
import type { PushSubscribedAnswer, PushUnsubscribedAnswer } from "./answers";

/** The devices one account may have push on at once (a phone, a laptop, a tablet, a lab computer or two…). */
export const MAX_DEVICES = 10;

/** GET /api/push/key: the VAPID public key a browser subscribes with (applicationServerKey). */
export async function pushPublicKey(db: Db) {
  return { public_key: (await vapidKeys(db)).publicKey };
}

/**
 * POST /api/push/subscriptions: this device now gets the signed-in person's push messages. An endpoint
 * another account had moves to this one (a shared lab computer: the previous student's notices stop).
 */
export async function subscribeDevice(db: Db, principal: Principal, body: PushSubscriptionBody, userAgent: string): Promise<PushSubscribedAnswer> {
  await db.transaction(async (tx) => {
    await upsertPushSubscription(tx, {
      user_id: principal.user.id,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
      user_agent: oneLine(userAgent, 300),
    });
    // Nobody has more devices than this; a browser subscribing over and over replaces its oldest.
    await pruneOldPushSubscriptions(tx, principal.user.id, MAX_DEVICES);
  });
  return { subscribed: true as const, message: "Notifications are on for this device." };
}

/** DELETE /api/push/subscriptions: only the caller's own device; another account's endpoint is left alone. */
export async function unsubscribeDevice(db: Db, principal: Principal, endpoint: string): Promise<PushUnsubscribedAnswer> {
  const removed = await deletePushSubscription(db, endpoint, principal.user.id);
  return { removed, message: removed ? "Notifications are off for this device." : "This device was not getting notifications." };
}
