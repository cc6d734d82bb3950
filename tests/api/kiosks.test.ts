/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { GET as kioskInfoRoute } from "@/app/api/kiosk/route";
import { POST as kioskCheckInRoute } from "@/app/api/kiosk/check-in/route";
import { GET as listRoute, POST as createRoute } from "@/app/api/kiosks/route";
import { DELETE as revokeRoute } from "@/app/api/kiosks/[id]/route";
import { auditLog, checkIns, kiosks } from "@/db/schema";
import { setSchoolClock as setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { setSchoolYear } from "../helpers/schedule-factories";
import { createFocusBlock, createPlan, SAT, TUE } from "../helpers/timetable-factories";

/**
 * Kiosks: administrators register a device for a teacher (POST/GET /api/kiosks, DELETE /api/kiosks/{id});
 * the device checks students in by number (POST /api/kiosk/check-in) with `Authorization: Kiosk <token>`,
 * and that token opens nothing else. Date only is faked (timers stay real) to put requests in the block.
 */
const state = useTestDb();

afterEach(() => jest.useRealTimers());

let admin: Awaited<ReturnType<typeof createAdmin>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let sysadmin: Awaited<ReturnType<typeof createSysadmin>>;
let student: Awaited<ReturnType<typeof createStudent>>;
let archived: Awaited<ReturnType<typeof createStudent>>;
let focus: Awaited<ReturnType<typeof createFocusBlock>>;

beforeAll(async () => {
  await setSchoolYear(state.db, 60, 60);
  focus = await createFocusBlock(state.db, { days: [1, 2, 3, 4, 5], start: "09:26", end: "10:06" });
  admin = await createAdmin(state.db);
  sysadmin = await createSysadmin(state.db);
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  student = await createStudent(state.db, { first_name: "Malik", last_name: "Patel", initials: "MP", student_number: "424242" });
  archived = await createStudent(state.db, { student_number: "515151", archived_at: new Date() });
});

const as = async (who: { user: { id: number } }) => tokenFor(state.db, who);
const kioskHeader = (token: string) => ({ authorization: `Kiosk ${token}` });
async function register(label = "Room 204 door", staffId = teacher.staff.id, who: { user: { id: number } } = admin) {
  return call(createRoute, { token: await as(who), body: { label, staff_id: staffId }, path: "/api/kiosks" });
}
const checkIn = (token: string, student_number: unknown) =>
  call(kioskCheckInRoute, { headers: kioskHeader(token), body: { student_number }, path: "/api/kiosk/check-in" });

describe("POST /api/kiosks", () => {
  it("registers a kiosk: the token is shown once, stored as its SHA-256, and the act audited", async () => {
    const res = await register();
    expect(res.status).toBe(201);
    expect(res.body.token).toMatch(/^kiosk_[A-Za-z0-9_-]{43}$/);
    expect(res.body.setup_path).toBe(`/kiosk#setup=${res.body.token}`);
    expect(res.body.kiosk).toMatchObject({ label: "Room 204 door", staff: { id: teacher.staff.id, name: "Ms. Lovelace, Ada" }, last_used_at: null, revoked_at: null });
    const [row] = await state.db.select().from(kiosks).where(eq(kiosks.id, res.body.kiosk.id));
    expect(row!.token_hash).toBe(createHash("sha256").update(res.body.token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(res.body.token);
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.action, "kiosk.create"));
    expect(audits.at(-1)).toMatchObject({ actor_user_id: admin.user.id, target_user_id: teacher.user.id, details: { kiosk_id: res.body.kiosk.id, label: "Room 204 door" } });
    // The list never carries a token.
    const list = await call(listRoute, { token: await as(admin), path: "/api/kiosks" });
    expect(JSON.stringify(list.body)).not.toContain(res.body.token);
  });

  it("is for administrators and sysadmins: teachers and students 403, signed out 401", async () => {
    expect((await register("Sysadmin's", teacher.staff.id, sysadmin)).status).toBe(201);
    expect((await register("x", teacher.staff.id, teacher)).status).toBe(403);
    expect((await register("x", teacher.staff.id, student)).status).toBe(403);
    expect((await call(createRoute, { body: { label: "x", staff_id: teacher.staff.id } })).status).toBe(401);
    expect((await call(listRoute, { token: await as(teacher) })).status).toBe(403);
    expect((await call(listRoute, {})).status).toBe(401);
    expect((await call(revokeRoute, { token: await as(teacher), params: { id: "1" }, method: "DELETE" })).status).toBe(403);
  });

  it("answers bad input with 422 and an unknown teacher with 404", async () => {
    const token = await as(admin);
    for (const body of [{}, { label: "", staff_id: teacher.staff.id }, { label: "a", staff_id: "x" }, { label: "a\u0000", staff_id: 1 }, { label: "x".repeat(81), staff_id: 1 }]) {
      const res = await call(createRoute, { token, body });
      expect({ body, status: res.status }).toEqual({ body, status: 422 });
    }
    expect((await call(createRoute, { token, rawBody: "{" })).status).toBe(400);
    const unknown = await register("Nobody's", 999999);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("staff_not_found");
    expect((await call(revokeRoute, { token, params: { id: "abc" }, method: "DELETE" })).status).toBe(422);
  });
});

describe("POST /api/kiosk/check-in", () => {
  let token: string;
  let kioskId: number;
  beforeAll(async () => {
    const res = await register("Library");
    token = res.body.token;
    kioskId = res.body.kiosk.id;
  });

  it("checks a typed student number in to the kiosk's teacher's block with method 'air', once, and records the last use", async () => {
    setClock(TUE, "09:30");
    // Planned with the kiosk's teacher today, so the kiosk names them (anyone else: tests/api/throttle-kiosk.test.ts).
    await createPlan(state.db, { student_id: student.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: TUE });
    const info = await call(kioskInfoRoute, { headers: kioskHeader(token), path: "/api/kiosk" });
    expect(info.body).toMatchObject({ kiosk: { id: kioskId, label: "Library" }, teacher: { name: "Ms. Lovelace, Ada" }, today: { date: TUE } });

    const res = await checkIn(token, " 424242 ");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "checked_in", student: { name: "Malik P.", initials: "MP" }, teacher: { name: "Ms. Lovelace, Ada" } });
    expect(Object.keys(res.body).sort()).toEqual(["block", "message", "status", "student", "teacher", "time"]);
    const again = await checkIn(token, "424242");
    expect(again.body.status).toBe("already_checked_in");
    const rows = await state.db.select().from(checkIns).where(eq(checkIns.student_id, student.student.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ method: "air", staff_id: teacher.staff.id, checked_in_by: null, date: TUE });

    const list = await call(listRoute, { token: await as(admin), path: "/api/kiosks" });
    const listed = list.body.kiosks.find((k: { id: number }) => k.id === kioskId);
    expect(listed.last_used_at).toBe(new Date().toISOString());
  });

  it("does not find unknown or archived students, and says so plainly", async () => {
    setClock(TUE, "09:31");
    for (const number of ["000000", "515151"]) {
      const res = await checkIn(token, number);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: "student_not_found", message: "Not found — see your teacher." });
    }
    expect(await state.db.select().from(checkIns).where(eq(checkIns.student_id, archived.student.id))).toHaveLength(0);
  });

  it("answers bad input with 422/400, outside the block with 409, and with no Focus Block today 422", async () => {
    setClock(TUE, "09:32");
    for (const value of ["", 12, "x".repeat(65), "1\u00002"]) expect((await checkIn(token, value)).status).toBe(422);
    expect((await call(kioskCheckInRoute, { headers: kioskHeader(token), rawBody: "{" })).status).toBe(400);
    setClock(TUE, "11:00");
    expect((await checkIn(token, "424242")).body.code).toBe("check_in_closed");
    setClock(SAT, "09:30");
    expect((await checkIn(token, "424242")).body.code).toBe("no_focus_block");
  });

  it("refuses requests without the device token: none, a user's session, the token as a Bearer, a made-up one", async () => {
    setClock(TUE, "09:33");
    const body = { student_number: "424242" };
    const tries: Record<string, string>[] = [
      {},
      { authorization: `Bearer ${await as(admin)}` },
      { authorization: `Kiosk ${await as(admin)}` },
      { authorization: `Bearer ${token}` },
      { authorization: `Kiosk kiosk_${"A".repeat(43)}` },
      { authorization: token },
    ];
    for (const headers of tries) {
      const res = await call(kioskCheckInRoute, { headers, body });
      expect({ headers, status: res.status }).toEqual({ headers, status: 401 });
      expect(res.body.code).toBe("invalid_kiosk_token");
      expect((await call(kioskInfoRoute, { headers })).status).toBe(401);
    }
  });
});

describe("a kiosk token can do nothing else", () => {
  type Handler = ((request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>) & {
    roles?: unknown;
  };
  const apiDir = path.join(process.cwd(), "app", "api");
  const routeFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return routeFiles(full);
      return entry.name === "route.ts" ? [full] : [];
    });
  // Judged by the path inside app/api, so a checkout in a folder named "kiosk" or "health" still walks them all.
  const files = routeFiles(apiDir).filter((file) => {
    const inApi = `${path.sep}${path.relative(apiDir, file)}`;
    return !inApi.includes("[...nextauth]") && !inApi.includes(`${path.sep}health${path.sep}`) && !inApi.includes(`${path.sep}kiosk${path.sep}`);
  });
  const cases = files.flatMap((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list of routes is only known at run time
    const mod = require(file) as Record<string, Handler>;
    const params: Record<string, string> = {};
    for (const match of file.matchAll(/\[(\w+)\]/g)) params[match[1]!] = match[1] === "date" ? "2030-01-15" : "1";
    return (["GET", "POST", "PUT", "DELETE", "PATCH"] as const)
      .filter((method) => typeof mod[method] === "function")
      .map((method) => [`${method} /api/${path.relative(apiDir, path.dirname(file))}`, method, mod[method]!, params] as const);
  });

  it("walks every other route: each refuses it (401), or treats the caller as signed out (public routes)", async () => {
    expect(cases.length).toBeGreaterThan(20);
    const token = (await register("Walker")).body.token as string;
    const let_in: string[] = [];
    for (const [name, method, handler, params] of cases) {
      const withKiosk = await call(handler, { method, params, body: method === "GET" ? undefined : {}, headers: kioskHeader(token) });
      if (handler.roles === "public") {
        const signedOut = await call(handler, { method, params, body: method === "GET" ? undefined : {} });
        if (withKiosk.status !== signedOut.status) let_in.push(`${name}: ${withKiosk.status} (signed out ${signedOut.status})`);
      } else if (withKiosk.status !== 401) let_in.push(`${name}: ${withKiosk.status}`);
    }
    expect(let_in).toEqual([]);
  });
});

describe("DELETE /api/kiosks/{id}", () => {
  it("revokes: the token stops working at once, the kiosk stays listed as revoked, audited once", async () => {
    setClock(TUE, "09:40");
    const created = await register("Gym door");
    const { token, kiosk } = created.body;
    expect((await checkIn(token, "424242")).status).toBe(200);
    const adminToken = await as(admin);
    const res = await call(revokeRoute, { token: adminToken, params: { id: String(kiosk.id) }, method: "DELETE" });
    expect(res.status).toBe(200);
    expect(res.body.kiosk.revoked_at).toBe(new Date().toISOString());
    const refused = await checkIn(token, "424242");
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_kiosk_token");

    expect((await call(revokeRoute, { token: adminToken, params: { id: String(kiosk.id) }, method: "DELETE" })).status).toBe(200);
    const audits = (await state.db.select().from(auditLog).where(eq(auditLog.action, "kiosk.revoke"))).filter(
      (a) => (a.details as { kiosk_id?: number }).kiosk_id === kiosk.id,
    );
    expect(audits).toHaveLength(1);
    expect(audits[0]!.actor_user_id).toBe(admin.user.id);

    const list = await call(listRoute, { token: adminToken });
    expect(list.body.kiosks.find((k: { id: number }) => k.id === kiosk.id)).toMatchObject({ label: "Gym door", revoked_at: expect.any(String) });
    expect((await call(revokeRoute, { token: adminToken, params: { id: "999999" }, method: "DELETE" })).status).toBe(404);
  });
});
