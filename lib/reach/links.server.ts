import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Db } from "@/db";
import { serverKey } from "@/db/queries/server-keys";
import { env } from "@/lib/env.server";
import { PREFERENCE_KINDS, type PreferenceKind } from "@/lib/settings/notification-settings";

/** The address links in emails and push point at: NEXTAUTH_URL, else this server on its port. */
export function appUrl(path = "/"): string {
  const base = env().NEXTAUTH_URL ?? `http://localhost:${process.env.PORT || 3000}`;
  return new URL(path, base.endsWith("/") ? base : `${base}/`).toString();
}

const SIGNING_KEY = "link-signing";

/** The server's own secret (made once, kept in server_keys): links are signed with it, other keys derived from it. */
export async function signingSecret(db: Db): Promise<Buffer> {
  const key = await serverKey(db, SIGNING_KEY, () => ({ secret: randomBytes(32).toString("base64url") }));
  return Buffer.from(key.secret!, "base64url");
}

const mac = (secret: Buffer, payload: string) =>
  createHmac("sha256", secret).update(`flexblock-unsubscribe|${payload}`).digest().subarray(0, 18).toString("base64url");

export interface UnsubscribeSubject {
  address: string;
  kind: PreferenceKind;
}

/**
 * An unsubscribe token names an address and a preference kind, signed with the server's own key (made
 * once, kept in server_keys): it needs no sign-in and never expires (a link in a year-old email still
 * works), and it can only ever turn that one kind off or on for that one address.
 */
export async function unsubscribeToken(db: Db, subject: UnsubscribeSubject): Promise<string> {
  const payload = Buffer.from(JSON.stringify([subject.address, subject.kind])).toString("base64url");
  return `${payload}.${mac(await signingSecret(db), payload)}`;
}

/** The address and kind of a token, or null when it is not one this server signed. */
export async function readUnsubscribeToken(db: Db, token: string): Promise<UnsubscribeSubject | null> {
  const [payload, signature, ...rest] = token.split(".");
  if (!payload || !signature || rest.length > 0 || token.length > 1000) return null;
  const expected = Buffer.from(mac(await signingSecret(db), payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const [address, kind] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as unknown[];
    if (typeof address !== "string" || !(PREFERENCE_KINDS as readonly unknown[]).includes(kind)) return null;
    return { address, kind: kind as PreferenceKind };
  } catch {
    return null;
  }
}
