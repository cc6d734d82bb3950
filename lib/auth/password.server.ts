import "server-only";
import { randomInt } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { hasControlCharacters } from "@/lib/api/schemas";
import { COMMON_PASSWORDS } from "./common-passwords";
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_MESSAGES,
  isUsernameAsPassword,
  newPasswordLength,
  passwordLength,
} from "./password-rules";

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

/**
 * zxcvbn's score (0–4) a new password needs. 2 means at least 10^6 guesses: with the sign-in throttle
 * (at most 100 wrong passwords per account in any 24 hours) that is over 27 years of online guessing to
 * try them all, while a student can still pick a memorable phrase (NIST 800-63B asks for a blocklist, not composition rules).
 */
export const MIN_PASSWORD_SCORE = 2;

/** Who the password is for: their username, names and number are easy guesses too. */
export interface PasswordOwner {
  username: string;
  /** Names, email, student number: anything an attacker would try first. */
  words?: (string | null | undefined)[];
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Server-side rules for a new password (NIST 800-63B): at least 8 characters, no control characters,
 * not the username (ignoring case and surrounding spaces), not on the school's own list, not a common
 * or breached password and not too guessable (zxcvbn's dictionaries), not the old one. Returns the
 * first broken rule as one sentence with the reason, or null.
 */
export async function newPasswordProblem(
  newPassword: string,
  owner: PasswordOwner,
  oldPassword?: string,
): Promise<string | null> {
  const length = newPasswordLength.safeParse(newPassword);
  if (!length.success) return length.error.issues[0]!.message;
  const disallowed = (reason: string) => `${PASSWORD_MESSAGES.disallowed} ${reason}`;
  if (CONTROL.test(newPassword)) return disallowed(PASSWORD_MESSAGES.controlCharacters);
  // Half a surrogate pair (and whatever else sign-in's schema refuses): such a password could be
  // stored but never typed back, because POST /api/login refuses it.
  if (hasControlCharacters(newPassword)) return disallowed(PASSWORD_MESSAGES.notAllowed);
  // Surrounding spaces and case add nothing an attacker would not try first.
  const trimmed = newPassword.trim();
  if (passwordLength(trimmed) < MIN_PASSWORD_LENGTH) return disallowed(PASSWORD_MESSAGES.paddedWithSpaces);
  const core = trimmed.toLowerCase();
  if (isUsernameAsPassword(newPassword, owner.username)) return disallowed(PASSWORD_MESSAGES.username);
  if (COMMON_PASSWORDS.has(core)) return disallowed("It is on the list of passwords that are too common.");
  if (oldPassword !== undefined && newPassword === oldPassword) return PASSWORD_MESSAGES.sameAsOld;
  const { estimateStrength } = await import("./strength");
  const strength = estimateStrength(trimmed, passwordContext(owner));
  if (strength.score < MIN_PASSWORD_SCORE) return disallowed(strength.reason ?? PASSWORD_MESSAGES.tooGuessable);
  return null;
}

/** The owner's own words, split so that "jane.doe@school.example" also yields "jane" and "doe". */
function passwordContext(owner: PasswordOwner): string[] {
  const words = [owner.username, ...(owner.words ?? []), "flexblock", "flex block"];
  return [...new Set(words.flatMap((w) => (w ? [w.toLowerCase(), ...w.toLowerCase().split(/[^\p{L}\p{N}]+/u)] : [])))].filter(
    (w) => w.length >= 3,
  );
}

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";

/** A temporary password shown once to whoever created or reset the account. */
export function randomPassword(length = 12): string {
  return Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
}
