import "server-only";
import type { Db } from "@/db";
import { sysadmins, users } from "@/db/schema";
import { hashPassword, randomPassword } from "@/lib/auth/password.server";
import { normalizeUsername } from "@/lib/auth/schemas";

/**
 * Creates a system administrator. Without a password: a random temporary one (expired, so the first
 * sign-in forces a change), returned to be shown once and never stored. With one (the first-run setup,
 * where the person chose it and it passed the password rules): that one, not expired.
 */
export async function createSysadminAccount(db: Db, input: { email: string; name: string; password?: string }) {
  const password = input.password ?? randomPassword();
  const email = normalizeUsername(input.email);
  const initials = input.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("");
  const password_hash = await hashPassword(password);
  const sysadmin = await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ username: email, password_hash, account_type: "sysadmin", password_expired: input.password === undefined })
      .returning();
    const [row] = await tx
      .insert(sysadmins)
      .values({ user_id: user!.id, name: input.name.trim(), email, initials: initials || "SA", color: "black" })
      .returning();
    return row!;
  });
  return { sysadmin, password };
}
