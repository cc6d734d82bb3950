/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { POST as login } from "@/app/api/login/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { GET as currentUser } from "@/app/api/user/route";
import { auditLog, staff, users } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/**
 * An administrator changes a staff member's email (people marry, schools rename domains): the staff row's email and the
 * sign-in username change together; open sessions stay valid; an email another account uses is 422.
 */

const state = useTestDb();
let admin: Awaited<ReturnType<typeof createAdmin>>;
let adminToken: string;

beforeAll(async () => {
  admin = await createAdmin(state.db, { first_name: "Alma", last_name: "Admin" });
  adminToken = await tokenFor(state.db, admin);
});

type Member = Awaited<ReturnType<typeof createStaff>>;
const namesOf = (member: Member) => ({
  first_name: member.staff.first_name,
  last_name: member.staff.last_name,
  title: member.staff.title,
  initials: member.staff.initials,
});
const put = (token: string, member: Member, extra: Record<string, unknown>) =>
  call(updateStaffRoute, {
    token,
    method: "PUT",
    params: { id: String(member.staff.id) },
    body: { ...namesOf(member), ...extra },
  });
const signIn = (username: string) => call(login, { body: { username, password: TEST_PASSWORD } });
const staffRow = async (id: number) => (await state.db.select().from(staff).where(eq(staff.id, id)))[0]!;
const userRow = async (id: number) => (await state.db.select().from(users).where(eq(users.id, id)))[0]!;

describe("PUT /api/staff/{id} with email", () => {
  it("changes the email and the username together, keeps sessions, and audits from and to", async () => {
    const member = await createStaff(state.db, { email: "old.name@test.school" });
    const session = await tokenFor(state.db, member);
    const res = await put(adminToken, member, { email: "  New.Name@Test.School " });
    expect(res.status).toBe(200);
    expect((await staffRow(member.staff.id)).email).toBe("new.name@test.school");
    expect((await userRow(member.user.id)).username).toBe("new.name@test.school");

    // The open session still works, as the same user.
    const me = await call(currentUser, { token: session });
    expect(me.status).toBe(200);
    // Sign-in follows the email: the new one works, the old one does not.
    expect((await signIn("new.name@test.school")).status).toBe(200);
    expect((await signIn("old.name@test.school")).status).not.toBe(200);

    const audits = (
      await state.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, "staff.update")))
    ).filter((row) => (row.details as { staff_id?: number }).staff_id === member.staff.id);
    expect(audits).toHaveLength(1);
    expect((audits[0]!.details as { changes: Record<string, unknown> }).changes.email).toEqual([
      "old.name@test.school",
      "new.name@test.school",
    ]);
  });

  it("refuses an email another staff member uses, in any case, with 422 and changes nothing", async () => {
    const member = await createStaff(state.db, { email: "keeps@test.school" });
    await createStaff(state.db, { email: "taken@test.school" });
    for (const email of ["taken@test.school", "TAKEN@Test.School"]) {
      const res = await put(adminToken, member, { email });
      expect(res.status).toBe(422);
      expect(res.body.errors.email).toEqual(["That email is already used by another account."]);
    }
    expect((await staffRow(member.staff.id)).email).toBe("keeps@test.school");
    expect((await userRow(member.user.id)).username).toBe("keeps@test.school");
  });

  it("refuses an email that is another account's username (a user with no staff row)", async () => {
    const member = await createStaff(state.db, { email: "mine@test.school" });
    await state.db
      .insert(users)
      .values({ username: "someone.else@test.school", password_hash: "x", account_type: "staff" });
    const res = await put(adminToken, member, { email: "Someone.Else@test.school" });
    expect(res.status).toBe(422);
    expect((await userRow(member.user.id)).username).toBe("mine@test.school");
  });

  it("of two concurrent changes to one email, exactly one wins", async () => {
    const first = await createStaff(state.db, { email: "race1@test.school" });
    const second = await createStaff(state.db, { email: "race2@test.school" });
    const results = await Promise.all([
      put(adminToken, first, { email: "prize@test.school" }),
      put(adminToken, second, { email: "prize@test.school" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    const owners = (await state.db.select().from(users).where(eq(users.username, "prize@test.school")))
      .length;
    expect(owners).toBe(1);
  });

  it("keeps the email when it is given unchanged, and refuses a teacher (403)", async () => {
    const member = await createStaff(state.db, { email: "same@test.school" });
    expect((await put(adminToken, member, { email: "SAME@test.school" })).status).toBe(200);
    expect((await userRow(member.user.id)).username).toBe("same@test.school");
    const teacher = await createStaff(state.db);
    const res = await put(await tokenFor(state.db, teacher), member, { email: "other@test.school" });
    expect(res.status).toBe(403);
    expect((await staffRow(member.staff.id)).email).toBe("same@test.school");
  });

  it("refuses a malformed email with 422", async () => {
    const member = await createStaff(state.db);
    const res = await put(adminToken, member, { email: "not an email" });
    expect(res.status).toBe(422);
    expect(res.body.errors.email).toBeDefined();
  });
});
