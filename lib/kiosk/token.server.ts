import "server-only";
import { randomBytes } from "node:crypto";

/**
 * A kiosk's device token: `kiosk_` and 32 random bytes (base64url), sent as `Authorization: Kiosk <token>`,
 * a scheme of its own: the session and API-token code only read `Bearer`, so a kiosk token opens no
 * other route, and a session token sent as `Kiosk` opens no kiosk. Only its SHA-256 is stored.
 */
export const KIOSK_SCHEME = "Kiosk";

export function newKioskToken(): string {
  return `kiosk_${randomBytes(32).toString("base64url")}`;
}

/** The token of an `Authorization: Kiosk <token>` header, else null. */
export function kioskToken(header: string | null): string | null {
  const match = header ? /^Kiosk\s+(kiosk_[A-Za-z0-9_-]{40,60})$/.exec(header.trim()) : null;
  return match ? match[1]! : null;
}
