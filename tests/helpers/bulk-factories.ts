import type { Db } from "@/db";
import { students, users } from "@/db/schema";

let batch = 0;

/**
 * Many students in two statements (for query-count and volume tests). They cannot sign in
 * (the password hash is a placeholder); student numbers are `<prefix><n>`, unique per call.
 */
export async function createStudents(db: Db, count: number, options: { prefix?: string } = {}) {
  const prefix = options.prefix ?? `8${process.pid % 1000}${++batch}x`;
  const numbers = Array.from({ length: count }, (_, i) => `${prefix}${i + 1}`);
  const accounts = await db
    .insert(users)
    .values(
      numbers.map((username) => ({
        username,
        password_hash: "!",
        account_type: "student" as const,
        password_expired: false,
      })),
    )
    .returning({ id: users.id, username: users.username });
  return db
    .insert(students)
    .values(
      accounts.map((account, i) => ({
        user_id: account.id,
        student_number: account.username,
        first_name: "Bulk",
        last_name: `Student${String(i + 1).padStart(4, "0")}`,
        grade: 8 + (i % 5),
        initials: "BS",
        color: "teal",
      })),
    )
    .returning();
}
