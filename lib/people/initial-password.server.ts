import "server-only";
import { hash } from "@node-rs/argon2";
import { randomPassword } from "@/lib/auth/password.server";

/**
 * Initial passwords of imported accounts. A 5,000-student roster hashed with the sign-in profile
 * (argon2id, 19 MiB, t=2: about 40–70 ms each here) would take minutes, so imports use a light
 * argon2id profile (1 MiB, t=1: about 0.3 ms) — safely, because these passwords are not chosen by
 * people: 14 characters drawn at random from 56 symbols carry 81 bits, which no offline guessing
 * reaches whatever the hash costs (the slow profile exists to protect guessable human passwords).
 * They are also expired, so the first sign-in replaces them with a password of the person's own,
 * hashed with the full profile. verify() reads the parameters from the hash, so sign-in needs nothing new.
 */
export const INITIAL_PASSWORD_LENGTH = 14;
const LIGHT = { algorithm: 2 as const, memoryCost: 1024, timeCost: 1, parallelism: 1 };

export const newInitialPassword = () => randomPassword(INITIAL_PASSWORD_LENGTH);

/**
 * `count` new random initial passwords with their hashes, made one after another: each password is drawn
 * just before it is hashed, on one of libuv's threads. All hashes at once (Promise.all) queued every hash
 * on its four threads: a 2,000-student OneRoster import kept both cores of a small server busy for half
 * a second, and the requests served meanwhile (the check-in status teachers poll) waited their turn:
 * their p95 went to 2.5–3× its idle value (1.3–1.5× one at a time, `npm run bench:roster`), for a hashing
 * time that hardly changed (about 0.5 s). Drawing all the passwords first held the server's loop too
 * (2,000 × 14 characters from the crypto generator: 10–20 ms in one go).
 */
export async function newHashedInitialPasswords(count: number): Promise<{ password: string; hash: string }[]> {
  const made: { password: string; hash: string }[] = [];
  for (let i = 0; i < count; i++) {
    const password = newInitialPassword();
    made.push({ password, hash: await hash(password, LIGHT) });
  }
  return made;
}
