import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { COMMON_PASSWORDS } from "./common-passwords";

/** argon2id tuned to cost roughly 20–60 ms on our 2-core machines (OWASP's 19 MiB, t=2 profile). */
// algorithm 2 = Argon2id (the package exports it as an ambient const enum, unusable with isolatedModules).
const OPTIONS = { algorithm: 2 as const, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_MESSAGES = {
  tooShort: "Password must be at least 8 characters.",
  disallowed: "You cannot use that password.",
  sameAsOld: "Your new password must be different from your old password.",
} as const;

/** Server-side rules for a new password; returns the first broken rule's message, or null. */
export function newPasswordProblem(newPassword: string, username: string, oldPassword?: string): string | null {
  if (newPassword.length < MIN_PASSWORD_LENGTH) return PASSWORD_MESSAGES.tooShort;
  const lowered = newPassword.toLowerCase();
  if (lowered === username.toLowerCase() || COMMON_PASSWORDS.has(lowered)) return PASSWORD_MESSAGES.disallowed;
  if (oldPassword !== undefined && newPassword === oldPassword) return PASSWORD_MESSAGES.sameAsOld;
  return null;
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A temporary password shown once to whoever created or reset the account. */
export function randomPassword(length = 12): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
