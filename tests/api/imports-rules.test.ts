/** @jest-environment node */
import { eq } from "drizzle-orm";
import { GET as importRoute } from "@/app/api/imports/[id]/route";
import { imports, staff, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";

/**
 * More of the CSV import rules (the rest: imports.test.ts): a staff file matching existing staff
 * (reported, updated only when asked: names and title), and a file far past the size cap refused with
 * a reason that names the limit.
 */
const state = useTestDb();
const tokens = {} as Record<"admin", string>;

beforeAll(async () => {
  tokens.admin = await tokenFor(state.db, await createAdmin(state.db));
});

describe("staff files with existing staff", () => {
  it("report a changed title, and update names and title only when asked, creating no account", async () => {
    const member = await createStaff(state.db, {
      email: "title.change@test.school",
      first_name: "Tia",
      last_name: "Change",
      title: "Ms.",
    });
    const titleOf = async () =>
      (await state.db.select().from(staff).where(eq(staff.id, member.staff.id)))[0]!;
    const accounts = async () => (await state.db.select().from(users)).length;
    const file = csvFile(["TITLE.change@test.school,Changed,Tia,dr"], "staff.csv");

    const dry = await upload({ token: tokens.admin, kind: "staff", file, dryRun: true, password: null });
    expect(dry.body).toMatchObject({ created: 0, updated: 0, unchanged: 1, skipped: 0 });
    expect(dry.body.existing).toEqual([
      expect.objectContaining({
        row: 1,
        key: "title.change@test.school",
        reason: "already exists; not updated (last name Change → Changed, title Ms. → Dr.)",
      }),
    ]);

    const before = await accounts();
    await upload({ token: tokens.admin, kind: "staff", file });
    await runPendingJobs(state.db);
    expect(await titleOf()).toMatchObject({ last_name: "Change", title: "Ms." });

    const res = await upload({ token: tokens.admin, kind: "staff", file, updateExisting: true });
    await runPendingJobs(state.db);
    const report = await call(importRoute, {
      token: tokens.admin,
      params: { id: String(res.body.import_id) },
    });
    expect(report.body).toMatchObject({ status: "done", created: 0, updated: 1 });
    expect(report.body.report_rows[0]).toMatchObject({
      outcome: "updated",
      reason: "last name Change → Changed, title Ms. → Dr.",
    });
    expect(await titleOf()).toMatchObject({ last_name: "Changed", title: "Dr.", initials: "TC" });
    expect(await accounts()).toBe(before);
  });
});

describe("a file past the size cap", () => {
  it("is refused with 413 and a reason naming the limit, before anything is stored", async () => {
    const before = (await state.db.select().from(imports)).length;
    const big = await upload({ token: tokens.admin, file: csvFile("x".repeat(20 * 1024 * 1024), "big.csv") });
    expect([big.status, big.body.message]).toEqual([
      413,
      "A CSV file can be at most 2 MB. Split it into smaller files.",
    ]);
    expect(await state.db.select().from(imports)).toHaveLength(before);
  });
});
