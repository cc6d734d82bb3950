/** @jest-environment node */
import { isDeepStrictEqual } from "node:util";
import { eq } from "drizzle-orm";
import { GET as statusOn } from "@/app/api/check-in/status/[date]/route";
import { GET as statusToday } from "@/app/api/check-in/status/route";
import { GET as inbox } from "@/app/api/notifications/inbox/route";
import { PUT as read } from "@/app/api/notifications/read/[id]/route";
import { POST as send } from "@/app/api/notifications/route";
import { GET as staffWeek } from "@/app/api/staff/[id]/schedule/[date]/route";
import { GET as studentWeek } from "@/app/api/students/[id]/schedule/[date]/route";
import { GET as currentUser } from "@/app/api/user/route";
import { checkIns, plans } from "@/db/schema";
import { etagOf, notModified } from "@/lib/api/conditional.server";
import { schoolInstant } from "@/lib/core/time";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, tokenFor } from "../helpers/factories";
import { setClock } from "../helpers/clock";
import { call, type CallResult } from "../helpers/http";
import { statementsOf } from "../helpers/statements";
import { createCheckIn, createFocusBlock, createPlan, TEST_TIMEZONE, weekdayDate } from "../helpers/timetable-factories";

/**
 * Conditional GETs (polling should not cost a full answer to parse and render): the polled answers carry an ETag of the
 * committed state and of the body, a matching If-None-Match gets 304, and a 304 never stands for an answer that changed.
 */
const state = useTestDb();

const WED = weekdayDate(3);
let focus: Awaited<ReturnType<typeof createFocusBlock>>;
let teacher: Awaited<ReturnType<typeof createStaff>>;
let colleague: Awaited<ReturnType<typeof createStaff>>;
let student: Awaited<ReturnType<typeof createStudent>>;
let other: Awaited<ReturnType<typeof createStudent>>;
let teacherToken: string;
let colleagueToken: string;
let studentToken: string;

beforeAll(async () => {
  focus = await createFocusBlock(state.db);
  teacher = await createStaff(state.db, { title: "Ms.", first_name: "Ada", last_name: "Lovelace" });
  colleague = await createStaff(state.db, { title: "Mr.", first_name: "Alan", last_name: "Turing" });
  student = await createStudent(state.db, { first_name: "Grace", last_name: "Hopper" });
  other = await createStudent(state.db, { first_name: "Edsger", last_name: "Dijkstra" });
  teacherToken = await tokenFor(state.db, teacher);
  colleagueToken = await tokenFor(state.db, colleague);
  studentToken = await tokenFor(state.db, student);
});

type Get = (etag?: string) => Promise<CallResult>;
const conditional = (headers: Record<string, string>, etag?: string) =>
  etag === undefined ? headers : { ...headers, "if-none-match": etag };

const status: Get = (etag) =>
  call(statusOn, { token: teacherToken, params: { date: WED }, path: `/api/check-in/status/${WED}`, headers: conditional({}, etag) });
const teacherWeek: Get = (etag) =>
  call(staffWeek, {
    token: teacherToken,
    params: { id: String(teacher.staff.id), date: WED },
    path: `/api/staff/${teacher.staff.id}/schedule/${WED}`,
    headers: conditional({}, etag),
  });
const ownWeek: Get = (etag) =>
  call(studentWeek, {
    token: studentToken,
    params: { id: "self", date: WED },
    path: `/api/students/self/schedule/${WED}`,
    headers: conditional({}, etag),
  });
const colleagueInbox: Get = (etag) =>
  call(inbox, { token: colleagueToken, path: "/api/notifications/inbox", headers: conditional({}, etag) });

/** An instant `seconds` into the next minute from now (after the sessions were made, so they are valid). */
const nextMinute = (seconds: number) => new Date((Math.floor(Date.now() / 60_000) + 1) * 60_000 + seconds * 1000);
const bodyPart = (etag: string) => etag.slice(3, -1).split(".")[1];
/** PGlite is the test file's own: nothing commits there unless this file writes. */
const ownDatabase = !process.env.TEST_DATABASE_URL;

/** The current answer, then the same request made conditional on it: 304 with the same tag and no body. */
async function expectUnchanged(get: Get) {
  const first = await get();
  expect(first.status).toBe(200);
  const etag = first.headers.get("etag")!;
  expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"$/);
  expect(first.headers.get("cache-control")).toBe("private, no-cache");
  expect(first.headers.get("vary")).toBe("authorization");
  const again = await get(etag);
  expect(again.status).toBe(304);
  expect(again.body).toBeNull();
  // The body part is the same; the state part too unless something was committed meanwhile (on a
  // shared PostgreSQL server, another test file's write).
  expect(bodyPart(again.headers.get("etag")!)).toBe(bodyPart(etag));
  return first;
}

/** After a change: the old tag no longer matches, the answer comes whole with a new tag. */
async function expectChanged(get: Get, before: CallResult) {
  const after = await get(before.headers.get("etag")!);
  expect(after.status).toBe(200);
  expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  expect(after.body).not.toEqual(before.body);
  return after;
}

describe("ETag and 304 on the polled answers", () => {
  afterEach(() => jest.useRealTimers());

  it("check-in status: a check-in changes the tag; unchanged data answers 304", async () => {
    await createPlan(state.db, { student_id: student.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED });
    const before = await expectUnchanged(status);
    await createCheckIn(state.db, {
      student_id: student.student.id,
      block_id: focus.id,
      date: WED,
      staff_id: teacher.staff.id,
      checked_in_by: teacher.user.id,
      checked_in_at: schoolInstant(WED, "09:31", TEST_TIMEZONE),
    });
    const after = await expectChanged(status, before);
    expect(after.body.blocks[0].ledger_entries).toHaveLength(1);
    await expectUnchanged(status);
  });

  it("today's status answers conditionally too", async () => {
    await expectUnchanged((etag) =>
      call(statusToday, { token: teacherToken, path: "/api/check-in/status", headers: conditional({}, etag) }),
    );
  });

  it("week schedules: a plan change changes the teacher's and the student's tags", async () => {
    const teacherBefore = await expectUnchanged(teacherWeek);
    const studentBefore = await expectUnchanged(ownWeek);
    const [plan] = await state.db
      .select()
      .from(plans)
      .where(eq(plans.student_id, student.student.id));
    // The plan moves to the colleague: the student sees another teacher, the teacher loses a student.
    await state.db.update(plans).set({ staff_id: colleague.staff.id }).where(eq(plans.id, plan!.id));
    await expectChanged(teacherWeek, teacherBefore);
    await expectChanged(ownWeek, studentBefore);
    await state.db.update(plans).set({ staff_id: teacher.staff.id }).where(eq(plans.id, plan!.id));
  });

  it("notifications: a new message and reading it each change the tag; a quiet poll answers 304", async () => {
    const before = await expectUnchanged(colleagueInbox);
    const sent = await call(send, { token: teacherToken, body: { recipient_ids: [colleague.staff.id], body: "Room 12 today" } });
    expect(sent.status).toBe(200);
    const arrived = await expectChanged(colleagueInbox, before);
    expect(arrived.body).toHaveLength((before.body as unknown[]).length + 1);
    const id = arrived.body[0].notification.id;
    expect((await call(read, { token: colleagueToken, params: { id: String(id) }, method: "PUT" })).status).toBe(200);
    const readNow = await expectChanged(colleagueInbox, arrived);
    expect(readNow.body[0].read).toBe(true);
    await expectUnchanged(colleagueInbox);
  });

  it("a tag that is not the current one (or another user's) never gets 304", async () => {
    const mine = await status();
    const stale = await status('W/"not-the-tag"');
    expect(stale.status).toBe(200);
    expect(stale.body).toEqual(mine.body);
    // The colleague's status is a different answer: the teacher's tag is no good for it.
    const theirs = await call(statusOn, {
      token: colleagueToken,
      params: { date: WED },
      headers: { "if-none-match": mine.headers.get("etag")! },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.headers.get("etag")).not.toBe(mine.headers.get("etag"));
  });

  it("a 304 never hides a change: over a run of changes, 304 exactly when the answer is the same", async () => {
    const changes: (() => Promise<unknown>)[] = [
      () => createPlan(state.db, { student_id: other.student.id, staff_id: teacher.staff.id, block_id: focus.id, date: WED }),
      async () => {}, // nothing changes
      () =>
        createCheckIn(state.db, {
          student_id: other.student.id,
          block_id: focus.id,
          date: WED,
          staff_id: colleague.staff.id,
          checked_in_by: colleague.user.id,
          checked_in_at: schoolInstant(WED, "09:40", TEST_TIMEZONE),
        }),
      () => state.db.delete(checkIns).where(eq(checkIns.student_id, other.student.id)),
      async () => {},
      () => state.db.delete(plans).where(eq(plans.student_id, other.student.id)),
    ];
    const seen = { 304: 0, 200: 0 };
    for (const get of [status, teacherWeek]) {
      let previous = await get();
      for (const change of changes) {
        await change();
        const conditionalAnswer = await get(previous.headers.get("etag")!);
        const current = await get();
        const same = isDeepStrictEqual(current.body, previous.body);
        expect(conditionalAnswer.status).toBe(same ? 304 : 200);
        seen[conditionalAnswer.status as 304 | 200] += 1;
        if (!same) expect(conditionalAnswer.body).toEqual(current.body);
        previous = current;
      }
    }
    // Both outcomes happened: the run proves something either way.
    expect(seen[304]).toBeGreaterThan(0);
    expect(seen[200]).toBeGreaterThan(0);
  });

  it("a 304 with nothing committed since costs one statement after the sign-in's; after a commit the answer is worked out again", async () => {
    setClock(nextMinute(5));
    const full = await statementsOf(teacherToken, () => status());
    const etag = full.result.headers.get("etag")!;
    const notChanged = await statementsOf(teacherToken, () => status(etag));
    expect(notChanged.result.status).toBe(304);
    if (ownDatabase) {
      // The session's look-up and the version's: the answer is not worked out.
      expect(notChanged.statements).toBe(2);
      expect(full.statements).toBeGreaterThan(notChanged.statements);
      expect(notChanged.result.headers.get("etag")).toBe(etag);
    } else {
      expect(notChanged.statements).toBeLessThanOrEqual(full.statements);
    }
    // A commit that does not touch this answer: worked out again, the same bytes, so still 304, with a new tag.
    await createStudent(state.db, { first_name: "Barbara", last_name: "Liskov" });
    const afterCommit = await statementsOf(teacherToken, () => status(etag));
    expect(afterCommit.result.status).toBe(304);
    expect(afterCommit.statements).toBe(full.statements);
    const renewed = afterCommit.result.headers.get("etag")!;
    expect(renewed).not.toBe(etag);
    expect(bodyPart(renewed)).toBe(bodyPart(etag));
  });

  it("the next minute works the answer out again (deadlines and blocks turn on minutes)", async () => {
    setClock(nextMinute(50));
    const first = await status();
    setClock(nextMinute(1));
    const later = await statementsOf(teacherToken, () => status(first.headers.get("etag")!));
    expect(later.result.status).toBe(304);
    expect(later.statements).toBeGreaterThan(1);
    expect(later.result.headers.get("etag")).not.toBe(first.headers.get("etag"));
  });

  it("a tag of the body alone (as an older server gave) still gets 304 when the bytes are the same", async () => {
    const current = await status();
    const bodyOnly = `W/"${bodyPart(current.headers.get("etag")!)}"`;
    expect((await status(bodyOnly)).status).toBe(304);
    expect((await status("*")).status).toBe(304);
  });

  it("routes that are not polled stay no-store with no ETag", async () => {
    const res = await call(currentUser, { token: teacherToken });
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("etag")).toBeNull();
  });
});

describe("etagOf and notModified", () => {
  it("tags differ when bodies differ by one character, and match weakly in lists and with *", () => {
    const a = etagOf('{"n":1}');
    const b = etagOf('{"n":2}');
    expect(etagOf('{"n":1}', "state")).toMatch(/^W\/"state\.[A-Za-z0-9_-]{43}"$/);
    expect(a).not.toBe(b);
    expect(notModified(a, a)).toBe(true);
    expect(notModified(a.slice(2), a)).toBe(true);
    expect(notModified(`W/"x", ${a}`, a)).toBe(true);
    expect(notModified("*", a)).toBe(true);
    expect(notModified(b, a)).toBe(false);
    expect(notModified(null, a)).toBe(false);
    expect(notModified("", a)).toBe(false);
  });
});

describe("signing out", () => {
  it("clears the browser's cache of kept answers (Clear-Site-Data)", async () => {
    const { POST: logout } = await import("@/app/api/logout/route");
    const someone = await createStaff(state.db);
    const res = await call(logout, { token: await tokenFor(state.db, someone), method: "POST", body: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: "Logged out successfully." });
    expect(res.headers.get("clear-site-data")).toBe('"cache"');
    expect(res.headers.get("cache-control")).toBe("no-store");
  });
});
