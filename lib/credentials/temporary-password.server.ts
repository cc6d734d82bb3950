import "server-only";
import { hash } from "@node-rs/argon2";
import { randomPassword } from "@/lib/auth/password.server";

/**
 * Temporary passwords from a reset: 14 random characters from a 57-letter alphabet (about 82 bits),
 * shown once to the administrator and expired, so the first sign-in must replace them.
 *
 * They are hashed with a lighter argon2id profile than chosen passwords (2 MiB, t=1 instead of
 * 19 MiB, t=2): slow hashing protects guessable human passwords, and a random 82-bit secret is out of
 * reach of offline guessing either way. With the full profile a reset of a whole school (2,000
 * accounts) costs about 45 s of CPU on our 2-core machines; with this one under 2 s. The hash string
 * carries its parameters, so lib/auth's verifyPassword checks it as usual, and the replacement
 * password the user picks gets the full profile.
 */
const TEMPORARY_HASH = { algorithm: 2 as const, memoryCost: 2048, timeCost: 1, parallelism: 1 };

export const TEMPORARY_PASSWORD_LENGTH = 14;

export interface TemporaryPassword {
  password: string;
  password_hash: string;
}

/** One new random password per account, hashed in parallel (argon2 runs on the libuv pool). */
export function temporaryPasswords(count: number): Promise<TemporaryPassword[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const password = randomPassword(TEMPORARY_PASSWORD_LENGTH);
      return { password, password_hash: await hash(password, TEMPORARY_HASH) };
    }),
  );
}
