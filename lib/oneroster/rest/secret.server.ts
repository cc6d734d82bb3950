import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import type { Db } from "@/db";
import { env, rosterKeyBytes } from "@/lib/env.server";
import { signingSecret } from "@/lib/reach/links.server";

/**
 * The roster source's client secret at rest: AES-256-GCM under ROSTER_SECRET_KEY when it is set, else
 * under a key derived (HKDF-SHA256) from the server's own signing secret (server_keys). The derived key
 * lives in the same database as the ciphertext, so it only keeps the secret out of exports and logs of
 * the table; ROSTER_SECRET_KEY keeps it from anyone holding only a copy of the database.
 */
const VERSION = "v1";

async function key(db: Db): Promise<Buffer> {
  const configured = env().ROSTER_SECRET_KEY;
  if (configured) return rosterKeyBytes(configured)!;
  return Buffer.from(hkdfSync("sha256", await signingSecret(db), "flexblock", "roster-source-client-secret", 32));
}

export async function encryptSecret(db: Db, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(db), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The secret, or null when it cannot be opened (the key changed since it was stored). */
export async function decryptSecret(db: Db, stored: string): Promise<string | null> {
  const [version, iv, tag, sealed] = stored.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", await key(db), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
