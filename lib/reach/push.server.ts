import "server-only";
import webpush from "web-push";
import type { Db } from "@/db";
import { deletePushSubscription, markPushSent, type PushSubscriptionRow } from "@/db/queries/push";
import { serverKey } from "@/db/queries/server-keys";
import { env } from "@/lib/core/env.server";
import type { MessageContent } from "./content";

/**
 * Web push (web-push, VAPID). The key pair is made at first use and kept in server_keys, so every
 * instance signs with the same one and a restart keeps every device's subscription valid.
 */
const VAPID = "vapid";

export async function vapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const keys = await serverKey(db, VAPID, () => {
    const made = webpush.generateVAPIDKeys();
    return { publicKey: made.publicKey, privateKey: made.privateKey };
  });
  return { publicKey: keys.publicKey!, privateKey: keys.privateKey! };
}

/** The contact the push services see (VAPID "sub"): the sender's address. */
function vapidSubject(): string {
  const from = env().MAIL_FROM ?? "";
  const address = /<([^>]+)>/.exec(from)?.[1] ?? (from.includes("@") ? from.trim() : "flexblock@localhost");
  return `mailto:${address}`;
}

/** What the service worker shows (public/sw: title, body, and the page a tap opens). */
export function pushPayload(content: MessageContent): string {
  return JSON.stringify({
    title: content.heading,
    body: content.paragraphs[0] ?? "",
    url: content.action?.path ?? "/",
  });
}

export type PushOutcome = { sent: number; gone: number; failed: string | null };

/**
 * Sends one outbox row to every device of its account. A subscription the push service says is gone
 * (404, 410) is removed; any other refusal is a temporary failure the sender retries.
 */
export async function deliverPush(
  db: Db,
  content: MessageContent,
  devices: PushSubscriptionRow[],
): Promise<PushOutcome> {
  const keys = await vapidKeys(db);
  const payload = pushPayload(content);
  let gone = 0;
  let failed: string | null = null;
  const sent: number[] = [];
  for (const device of devices) {
    try {
      await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
        vapidDetails: { subject: vapidSubject(), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 12 * 60 * 60,
        timeout: 10_000,
      });
      sent.push(device.id);
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) {
        gone += 1;
        await deletePushSubscription(db, device.endpoint);
      } else {
        failed = `${status ?? ""} ${(error as Error).message}`.trim().slice(0, 500);
      }
    }
  }
  await markPushSent(db, sent);
  return { sent: sent.length, gone, failed: sent.length === 0 ? failed : null };
}
