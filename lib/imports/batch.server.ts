import "server-only";
import type { Db } from "@/db";
import {
  addImportCounts,
  existingStaffAccounts,
  existingStudents,
  insertImportPasswords,
  insertImportRows,
  staffByTeacherKeys,
  studentNumbersByEmail,
  type ImportRow,
} from "@/db/queries/imports";
import {
  insertAccounts,
  insertStaffRows,
  insertStudentRows,
  updateStaffBulk,
  updateStudentsBulk,
} from "@/db/queries/people";
import { writeCsvGuardians } from "@/db/queries/guardians";
import { randomColor } from "@/lib/people/colors";
import { newHashedInitialPasswords } from "@/lib/people/initial-password.server";
import { initialsOf } from "@/lib/people/names";
import {
  checkStudentEmails,
  defaultTeacherRefs,
  planRows,
  resolveDefaultTeachers,
  studentEmails,
  summarize,
  teacherKeysOf,
  type PlannedRow,
  type TeacherMatch,
} from "./plan";
import type { RowCandidate, StaffValues, StudentValues } from "./rows";

type Values = StudentValues | StaffValues;
type Existing =
  | Awaited<ReturnType<typeof existingStudents>>[number]
  | Awaited<ReturnType<typeof existingStaffAccounts>>[number];

/** What the school already has for these rows' student numbers or emails (one statement). */
export async function existingFor(
  db: Db,
  kind: ImportRow["kind"],
  candidates: readonly RowCandidate<Values>[],
) {
  const keys = candidates.filter((c) => c.values).map((c) => c.key);
  const rows: Existing[] =
    kind === "students" ? await existingStudents(db, keys) : await existingStaffAccounts(db, keys);
  return new Map<string, Existing>(
    rows.map((row) => ["student_number" in row ? row.student_number : row.username, row]),
  );
}

/** Which staff members each homeroom reference names (one statement, only when some row names one). */
async function teachersFor(db: Db, candidates: readonly RowCandidate<Values>[]) {
  const refs = defaultTeacherRefs(candidates);
  const wanted = new Set(refs);
  const matches = new Map<string, TeacherMatch[]>();
  for (const member of await staffByTeacherKeys(db, refs)) {
    for (const key of new Set(teacherKeysOf(member))) {
      if (!wanted.has(key)) continue;
      const list = matches.get(key) ?? [];
      if (!list.some((m) => m.id === member.id)) list.push({ id: member.id, email: member.email });
      matches.set(key, list);
    }
  }
  return matches;
}

/**
 * The dry run and the job decide rows the same way: default teachers (by email or name) resolved to
 * staff and students' emails checked against other students (a statement each, only when some row
 * needs it), then each row against what the school has.
 */
export async function planBatch(
  db: Db,
  row: Pick<ImportRow, "kind" | "update_existing">,
  candidates: readonly RowCandidate<Values>[],
) {
  const resolved = resolveDefaultTeachers(candidates, await teachersFor(db, candidates));
  const checked = checkStudentEmails(resolved, await studentNumbersByEmail(db, studentEmails(resolved)));
  return planRows(checked, await existingFor(db, row.kind, checked), row.update_existing);
}

interface Secret {
  password: string;
  hash: string;
}

/**
 * Writes one batch of rows in one transaction with a constant number of statements: the accounts,
 * the students or staff, the updates, every row's outcome, the one-time passwords, the import's
 * counters and — last — the job's progress, whose fence makes the whole batch roll back if this worker
 * has lost the job.
 */
export async function writeBatch(
  db: Db,
  row: ImportRow,
  candidates: readonly RowCandidate<Values>[],
  commit: (tx: Db) => Promise<void>,
) {
  // Every valid row gets a password before the transaction opens, so it stays short; rows that turn
  // out to exist waste a hash (a fraction of a millisecond) rather than costing a query here.
  const creatable = candidates.filter((c) => c.values);
  const passwords = await newHashedInitialPasswords(creatable.length);
  const secrets = new Map<string, Secret>(creatable.map((c, i) => [c.key, passwords[i]!]));

  await db.transaction(async (tx) => {
    // Decided inside the transaction, against what the school has at this moment.
    const plan = await planBatch(tx, row, candidates);
    const creating = plan.filter((r) => r.outcome === "created" && secrets.has(r.key));
    const accounts = await insertAccounts(
      tx,
      creating.map((r) => ({
        username: r.key,
        password_hash: secrets.get(r.key)!.hash,
        account_type: row.kind === "students" ? ("student" as const) : ("staff" as const),
      })),
    );
    const userIdOf = new Map(accounts.map((a) => [a.username, a.id]));
    const created = creating.filter((r) => userIdOf.has(r.key));
    const personIdOf = await insertPeople(tx, row.kind, created, userIdOf);
    await updatePeople(
      tx,
      row.kind,
      plan.filter((r) => r.outcome === "updated"),
    );
    if (row.kind === "students") await writeGuardians(tx, candidates, plan, personIdOf);

    const outcomes = plan.map((r): PlannedRow<Values> => {
      if (r.outcome !== "created") return r;
      const person_id = personIdOf.get(r.key);
      return person_id ? { ...r, person_id } : { ...r, outcome: "unchanged", reason: "already exists" };
    });
    await insertImportRows(
      tx,
      outcomes.map((r) => ({
        import_id: row.id,
        row_number: r.row,
        outcome: r.outcome,
        reason: r.reason,
        key: r.key,
        name: r.name,
        person_id: r.person_id,
      })),
    );
    await insertImportPasswords(
      tx,
      created.map((r) => ({
        import_id: row.id,
        row_number: r.row,
        username: r.key,
        name: r.name,
        password: secrets.get(r.key)!.password,
      })),
    );
    const { created: c, updated, unchanged, skipped, conflict } = summarize(outcomes);
    await addImportCounts(tx, row.id, { created: c, updated, unchanged, skipped, conflict });
    await commit(tx);
  });
}

/**
 * The guardian columns' family contacts (one statement): for each row whose student was created,
 * updated or found unchanged (never a conflict: that number is someone else's), whether or not
 * update_existing is on (adding a contact overwrites nothing).
 */
async function writeGuardians(
  tx: Db,
  candidates: readonly RowCandidate<Values>[],
  plan: PlannedRow<Values>[],
  personIdOf: Map<string, number>,
) {
  const guardianOf = new Map(
    candidates.flatMap((c) => {
      const guardian = c.values && "grade" in c.values ? c.values.guardian : undefined;
      return guardian ? [[c.key, guardian] as const] : [];
    }),
  );
  if (guardianOf.size === 0) return;
  const list = plan.flatMap((r) => {
    const guardian = guardianOf.get(r.key);
    if (!guardian || r.outcome === "conflict" || r.outcome === "skipped") return [];
    const studentId = r.outcome === "created" ? personIdOf.get(r.key) : r.person_id;
    return studentId ? [{ student_id: studentId, ...guardian }] : [];
  });
  await writeCsvGuardians(tx, list);
}

async function insertPeople(
  tx: Db,
  kind: ImportRow["kind"],
  rows: PlannedRow<Values>[],
  userIdOf: Map<string, number>,
) {
  if (kind === "students") {
    const inserted = await insertStudentRows(
      tx,
      rows.map((r) => {
        const {
          default_teacher_email: _email,
          teacher_ref: _ref,
          guardian: _guardian,
          default_teacher_id,
          ...v
        } = r.values as StudentValues;
        return {
          ...v,
          default_teacher_id: default_teacher_id ?? null,
          user_id: userIdOf.get(r.key)!,
          initials: initialsOf(v.first_name, v.last_name),
          color: randomColor(),
        };
      }),
    );
    return new Map(inserted.map((s) => [s.student_number, s.id]));
  }
  const inserted = await insertStaffRows(
    tx,
    rows.map((r) => {
      const v = r.values as StaffValues;
      return {
        ...v,
        user_id: userIdOf.get(r.key)!,
        initials: initialsOf(v.first_name, v.last_name),
        color: randomColor(),
      };
    }),
  );
  return new Map(inserted.map((s) => [s.email, s.id]));
}

async function updatePeople(tx: Db, kind: ImportRow["kind"], rows: PlannedRow<Values>[]) {
  if (kind === "students") {
    await updateStudentsBulk(
      tx,
      rows.map((r) => {
        const v = r.values as StudentValues;
        return {
          id: r.person_id!,
          first_name: v.first_name,
          last_name: v.last_name,
          grade: v.grade,
          initials: initialsOf(v.first_name, v.last_name),
          default_teacher_id: v.default_teacher_id,
          email: v.email,
          preferred_first_name: v.preferred_first_name,
        };
      }),
    );
    return;
  }
  await updateStaffBulk(
    tx,
    rows.map((r) => {
      const v = r.values as StaffValues;
      return {
        id: r.person_id!,
        first_name: v.first_name,
        last_name: v.last_name,
        title: v.title,
        initials: initialsOf(v.first_name, v.last_name),
        capacity: v.capacity,
        takes_students: v.takes_students,
        position: v.position,
        department: v.department,
        homeroom: v.homeroom,
      };
    }),
  );
}
