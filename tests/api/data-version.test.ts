/** @jest-environment node */
import { eq, sql } from "drizzle-orm";
import { committedDataVersion, deleteOlderDataCommits } from "@/db/queries/data-version";
import { executeRows } from "@/db/execute";
import { authThrottle, sessions, students } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, tokenFor } from "../helpers/factories";

/**
 * The polled answers' cheap validator (db/queries/data-version.ts): the committed state of the school's
 * data as one text that changes exactly when a transaction writing that data commits.
 */
const state = useTestDb();
/** PGlite is this file's own: nothing else commits there. PostgreSQL is shared with other test files. */
const ownDatabase = !process.env.TEST_DATABASE_URL;
const onPostgres = ownDatabase ? it.skip : it;

const LEFT_OUT = ["auth_throttle", "data_commits", "jobs", "sessions"];

it("every table of the school's data notes its commits (a new table without the trigger fails here)", async () => {
  const tables = await executeRows<{ table: string; noted: boolean }>(
    state.db,
    sql`select t.tablename as table,
          exists (select 1 from pg_trigger g join pg_class c on c.oid = g.tgrelid
                  where c.relname = t.tablename and c.relnamespace = (select oid from pg_namespace where nspname = current_schema())
                    and g.tgname = 'note_data_commit') as noted
        from pg_tables t where t.schemaname = current_schema() order by 1`,
  );
  expect(tables.length).toBeGreaterThan(40);
  const unnoted = tables.filter((row) => !row.noted).map((row) => row.table);
  expect(unnoted).toEqual(LEFT_OUT);
});

it("changes when data is committed, not on reads or on the bookkeeping tables", async () => {
  const staff = await createStaff(state.db);
  const before = await committedDataVersion(state.db);
  await state.db.select().from(students);
  if (ownDatabase) {
    expect(await committedDataVersion(state.db)).toBe(before);
    // A session touched, a sign-in counted: nothing a screen shows.
    await tokenFor(state.db, staff);
    await state.db.update(sessions).set({ last_used_at: new Date() }).where(eq(sessions.user_id, staff.user.id));
    await state.db.insert(authThrottle).values({ key: "login:address:counted", level: 1, since: new Date() });
    expect(await committedDataVersion(state.db)).toBe(before);
  }
  await createStudent(state.db);
  const after = await committedDataVersion(state.db);
  expect(after).not.toBe(before);
  // A rolled-back write leaves nothing behind.
  await expect(
    state.db.transaction(async (tx) => {
      await tx.update(students).set({ first_name: "Never" }).where(eq(students.id, -1));
      throw new Error("roll back");
    }),
  ).rejects.toThrow("roll back");
  if (ownDatabase) expect(await committedDataVersion(state.db)).toBe(after);
});

it("the prune job keeps only the newest commit, and the version stays the same", async () => {
  await createStudent(state.db);
  await createStudent(state.db);
  const before = await committedDataVersion(state.db);
  expect(await deleteOlderDataCommits(state.db)).toBeGreaterThan(0);
  const [{ left }] = await executeRows<{ left: number }>(state.db, sql`select count(*)::int as left from data_commits`);
  expect(left).toBe(1);
  if (ownDatabase) expect(await committedDataVersion(state.db)).toBe(before);
});

/** A writer held open on a connection of its own until `release` is called. */
function openWriter(firstName: string) {
  let release!: () => void;
  let started!: () => void;
  const hold = new Promise<void>((resolve) => (release = resolve));
  const written = new Promise<void>((resolve) => (started = resolve));
  const done = state.db.transaction(async (tx) => {
    await tx.update(students).set({ first_name: firstName }).where(eq(students.first_name, "Held"));
    started();
    await hold;
  });
  return { written, release, done };
}

onPostgres("a writer still open when the version is read changes it when it commits, even after a newer writer", async () => {
  await createStudent(state.db, { first_name: "Held" });
  // The older writer takes its transaction id first and stays open; a newer one commits before it.
  const older = openWriter("Held");
  await older.written;
  await createStudent(state.db);
  const whileOpen = await committedDataVersion(state.db);
  older.release();
  await older.done;
  expect(await committedDataVersion(state.db)).not.toBe(whileOpen);
});
