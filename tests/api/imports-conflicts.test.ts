/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { GET as inboxRoute } from "@/app/api/notifications/inbox/route";
import { students } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";

/**
 * A CSV row that gives an existing student number another name is a conflict to
 * review (another person, or a mistyped number), never "Unchanged" and never a silent rename of one
 * student into another. Names are compared accents, case and spaces aside; the name a student goes by
 * counts as theirs; with "update existing", a row may correct one of the two names but not both.
 */
const state = useTestDb();
let token: string;

beforeAll(async () => {
  token = await tokenFor(state.db, await createAdmin(state.db));
  await createStudent(state.db, { student_number: "7100001", first_name: "Élodie", last_name: "Bélanger", grade: 9 });
  await createStudent(state.db, {
    student_number: "7100002",
    first_name: "Robert",
    last_name: "Chen",
    preferred_first_name: "Bob",
    grade: 10,
  });
});

const FILE = csvFile([
  "first_name,last_name,grade,student_number",
  // Another person under Élodie's number.
  "Marcus,Lee,9,7100001",
  // Robert by the name he goes by, accents and case aside: the same student.
  "BOB,chen,10,7100002",
]);

describe("a student number under another name", () => {
  it("is a conflict in the dry run, listed to review, not Unchanged", async () => {
    const res = await upload({ token, file: FILE, dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, created: 0, updated: 0, unchanged: 1, skipped: 0, conflict: 1 });
    expect(res.body.conflicts).toEqual([
      {
        row: 2,
        name: "Marcus Lee",
        key: "7100001",
        reason: "student number 7100001 belongs to Élodie Bélanger: check the number, or update existing to rename",
      },
    ]);
    expect(res.body.existing).toEqual([expect.objectContaining({ row: 3, key: "7100002" })]);
  });

  it("stays a conflict with update existing when both names differ, and renames nobody", async () => {
    const file = csvFile(["first_name,last_name,grade,student_number", "Marcus,Lee,9,7100001", "Robert,Chen,10,7100002"]);
    const res = await upload({ token, file, dryRun: true, updateExisting: true });
    expect(res.body).toMatchObject({ conflict: 1, updated: 0, unchanged: 1 });
    const applied = await upload({ token, file, updateExisting: true });
    expect(applied.status).toBe(202);
    await runPendingJobs(state.db);
    const [elodie] = await state.db.select().from(students).where(eq(students.student_number, "7100001"));
    expect([elodie!.first_name, elodie!.last_name]).toEqual(["Élodie", "Bélanger"]);
    const report = await call(importRoute, { token, params: { id: String(applied.body.import_id) } });
    expect(report.body).toMatchObject({ conflicts: 1, unchanged: 1, skipped: 0 });
    expect(report.body.report_rows.find((r: { row: number }) => r.row === 2)).toMatchObject({
      outcome: "conflict",
      person_id: elodie!.id,
    });
    const inbox = await call(inboxRoute, { token });
    expect(inbox.body[0].notification.body).toBe("Processed students.csv: 0 accounts created, 1 already existed, 1 conflict to review");
  });

  it("with update existing, a row may correct one name (a new last name)", async () => {
    const file = csvFile(["first_name,last_name,grade,student_number", "Élodie,Bélanger-Roy,9,7100001"]);
    const dry = await upload({ token, file, dryRun: true, updateExisting: true });
    expect(dry.body).toMatchObject({ updated: 1, conflict: 0 });
    const without = await upload({ token, file, dryRun: true });
    expect(without.body).toMatchObject({ unchanged: 0, conflict: 1 });
  });
});
