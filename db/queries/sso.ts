import "server-only";
import { and, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { ssoIdentities, staff, students, users } from "../schema";
import { accountQuery, type AccountRow } from "./auth";

/** The account a provider's subject was linked to at an earlier sign-in. */
export async function findAccountBySsoSubject(db: Db, provider: string, subject: string): Promise<AccountRow | undefined> {
  const [row] = await accountQuery(db)
    .innerJoin(ssoIdentities, eq(ssoIdentities.user_id, users.id))
    .where(and(eq(ssoIdentities.provider, provider), eq(ssoIdentities.subject, subject)))
    .limit(1);
  return row;
}

/**
 * The accounts a first sign-in could belong to, in one statement: staff by their email, sysadmins by
 * their username (their email), students by their school email or, when the school names a claim, by
 * that claim's value as their SIS identifier or student number. At most three, so a caller can tell
 * one from several.
 */
export async function findSsoCandidates(db: Db, email: string, studentId: string | null): Promise<AccountRow[]> {
  const matches: SQL[] = [
    sql`lower(${staff.email}) = ${email}`,
    sql`lower(${students.email}) = ${email}`,
    and(eq(users.account_type, "sysadmin"), eq(users.username, email))!,
  ];
  // The SIS claim finds only students without a school email on record (the rest are found by email), so
  // an identifier of a staff member or of someone else entirely cannot land on a student's account.
  if (studentId) {
    matches.push(and(isNull(students.email), or(eq(students.sourced_id, studentId), eq(students.student_number, studentId)))!);
  }
  return accountQuery(db).where(or(...matches)).limit(3);
}

/**
 * Whether the account is linked to any other provider account: another subject of this provider, or a
 * subject of another provider. Locks the account's row first, so two first sign-ins for one account (from
 * one provider or two) take turns and the second sees the first's link.
 */
export async function lockAndFindOtherSsoLink(db: Db, userId: number, provider: string, subject: string) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  const [row] = await db
    .select({ id: ssoIdentities.id })
    .from(ssoIdentities)
    .where(and(eq(ssoIdentities.user_id, userId), or(ne(ssoIdentities.provider, provider), ne(ssoIdentities.subject, subject))))
    .limit(1);
  return row !== undefined;
}

/** Links the subject to the account (first sign-in) or notes its use; the pair is unique, so a race links once. */
export async function linkSsoSubject(
  db: Db,
  values: { user_id: number; provider: string; subject: string; email: string | null },
  now: Date,
) {
  const [row] = await db
    .insert(ssoIdentities)
    .values({ ...values, created_at: now, last_used_at: now })
    .onConflictDoUpdate({
      target: [ssoIdentities.provider, ssoIdentities.subject],
      set: { email: values.email, last_used_at: now },
      where: eq(ssoIdentities.user_id, values.user_id),
    })
    .returning({ user_id: ssoIdentities.user_id });
  return row !== undefined;
}

/** Forgets the accounts' provider links (the Credentials Manager's Reset Single Sign-On). */
export async function unlinkSsoSubjects(db: Db, userIds: number[]) {
  if (userIds.length === 0) return;
  await db.delete(ssoIdentities).where(inArray(ssoIdentities.user_id, userIds));
}
