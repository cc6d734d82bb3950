/** @jest-environment node */
import { eq } from "drizzle-orm";
import { POST as login } from "@/app/api/login/route";
import { PUT as updateStaffRoute } from "@/app/api/staff/[id]/route";
import { POST as disableUsers } from "@/app/api/users/disable-users/route";
import { POST as invalidatePasswords } from "@/app/api/users/invalidate-passwords/route";
import { POST as reenableUsers } from "@/app/api/users/reenable-users/route";
import { POST as resetPasswords } from "@/app/api/users/reset-passwords/route";
import { POST as resetSignIn } from "@/app/api/users/reset-sign-in/route";
import { GET as listUsers } from "@/app/api/users/route";
import { auditLog, ssoIdentities, staff, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { confirmedCall } from "../helpers/credentials-cast";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { csvFile, upload } from "../helpers/imports";

/**
 * One rule for changing an administrator's account (lib/auth/account-changes.ts): the email (the
 * username), the lock, the password, the single sign-on link and the administrator flag of an
 * administrator or a sysadmin are changed only by a sysadmin, by every path: the profile's edit
 * (PUT /api/staff/{id}), the staff CSV with "update existing", and the Credentials Manager.
 */
const state = useTestDb();
type Account = Awaited<ReturnType<typeof createAdmin>>;
let admin: Account;
let peer: Account;
let teacher: Account;
const tokens = {} as Record<"admin" | "sysadmin", string>;

beforeAll(async () => {
  admin = await createAdmin(state.db, { first_name: "Alma", last_name: "Admin" });
  tokens.admin = await tokenFor(state.db, admin);
  tokens.sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
});
beforeEach(async () => {
  peer = await createAdmin(state.db, { first_name: "Petra", last_name: "Peer", title: "Ms." });
  teacher = await createStaff(state.db, { first_name: "Theo", last_name: "Teacher", title: "Mr." });
});

const namesOf = (member: Account) => ({
  first_name: member.staff.first_name,
  last_name: member.staff.last_name,
  title: member.staff.title,
  initials: member.staff.initials,
});
const edit = (token: string, member: Account, extra: Record<string, unknown>) =>
  call(updateStaffRoute, { token, method: "PUT", params: { id: String(member.staff.id) }, body: { ...namesOf(member), ...extra } });
/** Everything that decides who signs in to an account, and how. */
const accountOf = async (member: Account) => {
  const [user] = await state.db.select().from(users).where(eq(users.id, member.user.id));
  const [row] = await state.db.select().from(staff).where(eq(staff.id, member.staff.id));
  const links = await state.db.select().from(ssoIdentities).where(eq(ssoIdentities.user_id, member.user.id));
  return {
    username: user!.username,
    email: row!.email,
    password_hash: user!.password_hash,
    password_expired: user!.password_expired,
    disabled_at: user!.disabled_at,
    administrator: row!.administrator,
    links: links.length,
  };
};

describe("PUT /api/staff/{id}", () => {
  it("refuses an administrator changing another administrator's email (the takeover), and changes nothing", async () => {
    const before = await accountOf(peer);
    const res = await edit(tokens.admin, peer, { email: "attacker.inbox@test.school" });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: "protected_account",
      errors: { email: ["Only a system administrator can change an administrator's email, which is also their sign-in username."] },
    });
    expect(await accountOf(peer)).toEqual(before);
    // The peer still signs in with their own address; the new one leads nowhere.
    expect((await call(login, { body: { username: before.username, password: TEST_PASSWORD } })).status).toBe(200);
    expect((await call(login, { body: { username: "attacker.inbox@test.school", password: TEST_PASSWORD } })).status).toBe(404);
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, peer.user.id));
    expect(audits).toHaveLength(0);
  });

  it("refuses an administrator their own email and a peer's flag in the same way, naming each field", async () => {
    const own = await edit(tokens.admin, admin, { email: "alma.new@test.school" });
    expect(own.status).toBe(403);
    expect(Object.keys(own.body.errors)).toEqual(["email"]);
    const both = await edit(tokens.admin, peer, { email: "petra.new@test.school", administrator: false });
    expect(both.status).toBe(403);
    expect(Object.keys(both.body.errors).sort()).toEqual(["administrator", "email"]);
    expect((await accountOf(peer)).administrator).toBe(true);
  });

  it("lets an administrator rename a peer administrator (names are not the account), and change a teacher's email or flag", async () => {
    const renamed = await edit(tokens.admin, peer, { first_name: "Petronella", email: peer.staff.email });
    expect(renamed.status).toBe(200);
    expect(renamed.body.first_name).toBe("Petronella");
    const moved = await edit(tokens.admin, teacher, { email: "theo.new@test.school" });
    expect(moved.status).toBe(200);
    expect((await accountOf(teacher)).username).toBe("theo.new@test.school");
    const promoted = await edit(tokens.admin, teacher, { email: "theo.new@test.school", administrator: true });
    expect(promoted.status).toBe(200);
    expect(promoted.body.administrator).toBe(true);
    // Now an administrator: their email is a sysadmin's to change.
    expect((await edit(tokens.admin, teacher, { email: "theo.other@test.school", administrator: true })).status).toBe(403);
  });

  it("lets a sysadmin change an administrator's email and flag", async () => {
    const res = await edit(tokens.sysadmin, peer, { email: "petra.renamed@test.school", administrator: false });
    expect(res.status).toBe(200);
    expect(await accountOf(peer)).toMatchObject({ username: "petra.renamed@test.school", administrator: false });
  });

  it("decides on the row as it is when the change is written: a promotion at the same moment is never bypassed", async () => {
    // Twenty tries of "promote (sysadmin)" against "change the email (administrator)" at once: whichever
    // runs second sees the other's result, so an administrator's email change is only ever recorded before
    // the promotion (on a teacher), never after it.
    for (let i = 0; i < 20; i++) {
      const member = await createStaff(state.db);
      const [promoted, changed] = await Promise.all([
        edit(tokens.sysadmin, member, { administrator: true }),
        edit(tokens.admin, member, { email: `race${i}.${member.staff.id}@test.school` }),
      ]);
      expect(promoted.status).toBe(200);
      expect([200, 403]).toContain(changed.status);
      const entries = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, member.user.id)).orderBy(auditLog.id);
      const order = entries.map((entry) => Object.keys((entry.details as { changes: object }).changes).join());
      expect(order).toEqual(changed.status === 200 ? ["email", "administrator"] : ["administrator"]);
    }
  });
});

describe("the Credentials Manager", () => {
  const actions = { resetPasswords, invalidatePasswords, disableUsers, reenableUsers, resetSignIn };

  it.each(Object.entries(actions))("%s: an administrator never acts on another administrator or a sysadmin; a sysadmin does", async (_name, handler) => {
    const sysadmin = await createSysadmin(state.db);
    await state.db.insert(ssoIdentities).values({ user_id: peer.user.id, provider: "oidc", subject: `issuer|peer-${peer.user.id}` });
    for (const target of [peer, sysadmin]) {
      const before = await state.db.select().from(users).where(eq(users.id, target.user.id));
      const refused = await confirmedCall(handler, { token: tokens.admin, body: { user_ids: [target.user.id] } });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("protected_account");
      expect(await state.db.select().from(users).where(eq(users.id, target.user.id))).toEqual(before);
    }
    expect((await accountOf(peer)).links).toBe(1);
    const listed = await call(listUsers, { token: tokens.admin });
    expect(listed.body.find((u: { id: number }) => u.id === peer.user.id).can_manage).toBe(false);
    expect(listed.body.find((u: { id: number }) => u.id === teacher.user.id).can_manage).toBe(true);
    const done = await confirmedCall(handler, { token: tokens.sysadmin, body: { user_ids: [peer.user.id] } });
    expect(done.status).toBe(200);
  });
});

describe("the staff CSV with update existing", () => {
  it("changes a peer administrator's names only: it carries no email, lock, password, link or flag to change", async () => {
    await state.db.insert(ssoIdentities).values({ user_id: peer.user.id, provider: "oidc", subject: `issuer|csv-${peer.user.id}` });
    const before = await accountOf(peer);
    // The file's key is the email: a row can only name the account it updates, never move it elsewhere.
    const file = csvFile([`${peer.staff.email},Peer-Renamed,Petra,Dr.`], "staff.csv");
    const res = await upload({ token: tokens.admin, kind: "staff", file, updateExisting: true });
    expect(res.status).toBe(202);
    await runPendingJobs(state.db);
    const [row] = await state.db.select().from(staff).where(eq(staff.id, peer.staff.id));
    expect([row!.last_name, row!.title]).toEqual(["Peer-Renamed", "Dr."]);
    expect(await accountOf(peer)).toEqual(before);
  });
});
