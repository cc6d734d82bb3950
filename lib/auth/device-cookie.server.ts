import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/core/env.server";

/**
 * Device cookies (OWASP's "Slow brute force attacks: device cookies"): a browser that signed in to an
 * account with its password gets a cookie naming that account, and its later attempts for that account
 * use an allowance of their own (lib/auth/throttle.server.ts), so an attacker's failures elsewhere never stop
 * the owner signing in on a device they used before.
 *
 * One cookie holds the entries of the last 20 accounts that signed in on the browser (a lab computer
 * is shared), newest first, each `<username, base64url>.<nonce>.<mac>`. The MAC is an HMAC-SHA-256 keyed
 * with NEXTAUTH_SECRET over the username, the nonce and the account's current password hash: the hash
 * never leaves the server, so an entry cannot be forged even where NEXTAUTH_SECRET is not set, and a
 * password change or reset revokes every device cookie of the account. The cookie is HttpOnly,
 * SameSite=Strict, sent only to /api/login, Secure over https, and kept a year.
 */
export const DEVICE_COOKIE = "flexblock_device";
export const DEVICE_COOKIE_MAX_ENTRIES = 20;
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
const MAX_VALUE_LENGTH = 3800;

export interface DeviceAccount {
  username: string;
  password_hash: string;
}

interface Entry {
  username: string;
  nonce: string;
  mac: string;
}

function macOf(account: DeviceAccount, nonce: string): string {
  return createHmac("sha256", env().NEXTAUTH_SECRET ?? "")
    .update(`flexblock-device|${account.username}|${nonce}|${account.password_hash}`)
    .digest()
    .subarray(0, 16)
    .toString("base64url");
}

/** The cookie's entries from a Cookie header (anything unreadable is skipped). */
function entriesOf(cookieHeader: string | null | undefined): Entry[] {
  if (!cookieHeader) return [];
  const value = cookieHeader
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1);
  if (!value) return [];
  return value
    .slice(0, 2 * MAX_VALUE_LENGTH)
    .split("~")
    .slice(0, DEVICE_COOKIE_MAX_ENTRIES)
    .flatMap((text) => {
      const match = /^([A-Za-z0-9_-]{1,400})\.([A-Za-z0-9_-]{16,64})\.([A-Za-z0-9_-]{22})$/.exec(text);
      if (!match) return [];
      return [{ username: Buffer.from(match[1]!, "base64url").toString("utf8"), nonce: match[2]!, mac: match[3]! }];
    });
}

/** The nonce of the caller's valid device cookie for this account, or null (none, forged, another account's, or revoked). */
export function deviceNonce(cookieHeader: string | null | undefined, account: DeviceAccount): string | null {
  for (const entry of entriesOf(cookieHeader)) {
    if (entry.username !== account.username) continue;
    const expected = Buffer.from(macOf(account, entry.nonce));
    const given = Buffer.from(entry.mac);
    if (expected.length === given.length && timingSafeEqual(expected, given)) return entry.nonce;
  }
  return null;
}

/**
 * The Set-Cookie header after a successful sign-in: a fresh entry for this account first, then the
 * browser's other entries (this account's old one dropped), at most 20 and under 4 KB.
 */
export function deviceCookieHeader(cookieHeader: string | null | undefined, account: DeviceAccount, secure: boolean): string {
  const nonce = randomBytes(16).toString("base64url");
  const fresh = `${Buffer.from(account.username, "utf8").toString("base64url")}.${nonce}.${macOf(account, nonce)}`;
  const kept = entriesOf(cookieHeader)
    .filter((entry) => entry.username !== account.username)
    .map((entry) => `${Buffer.from(entry.username, "utf8").toString("base64url")}.${entry.nonce}.${entry.mac}`);
  let value = fresh;
  for (const entry of kept.slice(0, DEVICE_COOKIE_MAX_ENTRIES - 1)) {
    if (value.length + 1 + entry.length > MAX_VALUE_LENGTH) break;
    value += `~${entry}`;
  }
  return [
    `${DEVICE_COOKIE}=${value}`,
    "Path=/api/login",
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
