import type { Db } from "@/db";
import { staff, students, sysadmins, users } from "@/db/schema";
import { hash } from "@node-rs/argon2";
import { createSession } from "@/lib/auth/service.server";

/** Every factory account uses this password. */
export const TEST_PASSWORD = "correct-horse-battery";

/**
 * The factories' accounts carry a low-cost argon2id hash (64 KiB, one pass; what the app stores is 19 MiB,
 * two passes): every sign-in and password confirmation in a test verifies it, and the production cost made
 * that tens of milliseconds each. The app verifies any argon2id hash by the parameters it carries, so the
 * path is the same; a password the app sets (a change, a reset) is hashed at the production cost as ever.
 */
let passwordHash: Promise<string> | undefined;
const hashed = () =>
  (passwordHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 64, timeCost: 1, parallelism: 1 }));
let sequence = 0;
const next = () => `${process.pid}${++sequence}`;

interface AccountOptions {
  password_expired?: boolean;
  disabled_at?: Date | null;
}

export async function createStaff(
  db: Db,
  options: AccountOptions & Partial<typeof staff.$inferInsert> = {},
) {
  const { password_expired = false, disabled_at = null, ...fields } = options;
  const n = next();
  const email = (fields.email ?? `teacher${n}@test.school`).toLowerCase();
  const [user] = await db
    .insert(users)
    .values({ username: email, password_hash: await hashed(), account_type: "staff", password_expired, disabled_at })
    .returning();
  const [row] = await db
    .insert(staff)
    .values({
      user_id: user!.id,
      first_name: "Terry",
      last_name: `Teacher${n}`,
      initials: "TT",
      color: "blue",
      ...fields,
      email,
    })
    .returning();
  return { user: user!, staff: row! };
}

export const createAdmin = (db: Db, options: Parameters<typeof createStaff>[1] = {}) =>
  createStaff(db, { administrator: true, ...options });

export async function createStudent(
  db: Db,
  options: AccountOptions & Partial<typeof students.$inferInsert> = {},
) {
  const { password_expired = false, disabled_at = null, ...fields } = options;
  const number = fields.student_number ?? `9${String(++sequence).padStart(5, "0")}`;
  const [user] = await db
    .insert(users)
    .values({ username: number, password_hash: await hashed(), account_type: "student", password_expired, disabled_at })
    .returning();
  const [row] = await db
    .insert(students)
    .values({
      user_id: user!.id,
      first_name: "Sam",
      last_name: `Student${number}`,
      grade: 10,
      initials: "SS",
      color: "green",
      ...fields,
      student_number: number,
    })
    .returning();
  return { user: user!, student: row! };
}

export async function createSysadmin(db: Db, options: AccountOptions = {}) {
  const n = next();
  const email = `sysadmin${n}@test.school`;
  const [user] = await db
    .insert(users)
    .values({
      username: email,
      password_hash: await hashed(),
      account_type: "sysadmin",
      password_expired: options.password_expired ?? false,
      disabled_at: options.disabled_at ?? null,
    })
    .returning();
  const [row] = await db
    .insert(sysadmins)
    .values({ user_id: user!.id, name: "Sys Admin", email, initials: "SA", color: "black" })
    .returning();
  return { user: user!, sysadmin: row! };
}

/** A bearer token for the user, as if they had signed in. */
export async function tokenFor(db: Db, account: { user: { id: number } }): Promise<string> {
  const session = await createSession(db, account.user.id, "jest", new Date());
  return session.access_token;
}
