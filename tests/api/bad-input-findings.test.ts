/** @jest-environment node */
import { POST as amendment } from "@/app/api/amendment/route";
import { POST as createAppointment } from "@/app/api/appointments/create/route";
import { POST as checkIn } from "@/app/api/check-in/route";
import { GET as checkInStatus } from "@/app/api/check-in/status/[date]/route";
import { POST as checkUser } from "@/app/api/check-user/route";
import { POST as feedback } from "@/app/api/feedback/route";
import { POST as login } from "@/app/api/login/route";
import { PUT as archive } from "@/app/api/notifications/archive/[id]/route";
import { PUT as read } from "@/app/api/notifications/read/[id]/route";
import { POST as sendNotification } from "@/app/api/notifications/route";
import { PUT as unarchive } from "@/app/api/notifications/unarchive/[id]/route";
import { PUT as unread } from "@/app/api/notifications/unread/[id]/route";
import { GET as search } from "@/app/api/search/route";
import { GET as logo } from "@/app/api/settings/logo/route";
import { PUT as saveSettings } from "@/app/api/settings/route";
import { GET as staffWeek } from "@/app/api/staff/[id]/schedule/route";
import { POST as star } from "@/app/api/star/route";
import { GET as studentWeek } from "@/app/api/students/[id]/schedule/route";
import { POST as schedulePlan } from "@/app/api/students/schedule-plan/route";
import { PUT as updateStudent } from "@/app/api/students/[id]/route";
import { POST as powerScheduler } from "@/app/api/power-scheduler/route";
import { POST as powerSchedulerPreview } from "@/app/api/power-scheduler/preview/route";
import { POST as staffList } from "@/app/api/students/staff-list/route";
import { POST as createTopic } from "@/app/api/topics/route";
import { POST as scheduleTopic } from "@/app/api/topics/schedule/route";
import { POST as unstar } from "@/app/api/unstar/route";
import { useTestDb } from "../helpers/db";
import { createStaff, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { createFuzzWorld } from "../helpers/fuzz-fixtures";
import { call } from "../helpers/http";
import { TUE } from "../helpers/timetable-factories";

/**
 * The review's MEDIUM input findings, one request each, with the answer each must get now. Before the
 * fix every one of them answered 500 (see tests/helpers/fuzz-suite.ts for the tier that found them).
 */
const state = useTestDb();
let world: Awaited<ReturnType<typeof createFuzzWorld>>;
/** A staff member who left (their account is locked): the refusals naming them. */
let leftStaffId = 0;
beforeAll(async () => {
  world = await createFuzzWorld(state.db);
  leftStaffId = (await createStaff(state.db, { disabled_at: new Date() })).staff.id;
});

const NUL = String.fromCharCode(0);
const FAR_DATE = "9999-12-31T23:59:59-12:00";
const BIG_ID = "2147483648";
type Who = "student" | "teacher" | "admin" | "signed out";
type Handler = Parameters<typeof call>[0];
/** [name, caller, handler, request, the statuses it may answer, the field its 422 must name] */
type Case = [string, Who, Handler, () => Parameters<typeof call>[1], number[], string | null];

const ids = () => world.ids;
const INVALID = [422];

const cases: Case[] = [
  // Dates whose year is 10000 once the zone is applied.
  ["check-in status", "teacher", checkInStatus, () => ({ params: { date: FAR_DATE } }), INVALID, "date"],
  [
    "staff week",
    "teacher",
    staffWeek,
    () => ({ params: { id: String(ids().teacher), date: FAR_DATE } }),
    INVALID,
    "date",
  ],
  [
    "student week",
    "teacher",
    studentWeek,
    () => ({ params: { id: String(ids().student), date: FAR_DATE } }),
    INVALID,
    "date",
  ],
  [
    "check-in",
    "teacher",
    checkIn,
    () => ({ body: { chips: [{ value: ids().studentNumber }], date: FAR_DATE } }),
    INVALID,
    "date",
  ],
  [
    "staff list",
    "teacher",
    staffList,
    () => ({ body: { block_id: ids().block, date: FAR_DATE } }),
    INVALID,
    "date",
  ],
  [
    "schedule plan",
    "student",
    schedulePlan,
    () => ({ body: { block_id: ids().block, date: FAR_DATE, staff_id: ids().teacher } }),
    INVALID,
    "date",
  ],
  [
    "appointment",
    "teacher",
    createAppointment,
    () => ({ body: { block_id: ids().block, date: FAR_DATE, student_id: ids().student } }),
    INVALID,
    "date",
  ],
  [
    "amendment",
    "teacher",
    amendment,
    () => ({ body: { block_id: ids().block, date: FAR_DATE, student_id: ids().student, memo: "x" } }),
    INVALID,
    "date",
  ],
  [
    "topic schedule",
    "teacher",
    scheduleTopic,
    () => ({ body: { block_id: ids().block, date: FAR_DATE, topic_id: ids().topic } }),
    INVALID,
    "date",
  ],
  // NUL in text.
  [
    "login",
    "signed out",
    login,
    () => ({ body: { username: `1${NUL}`, password: TEST_PASSWORD } }),
    [400, 401, 404, 422],
    null,
  ],
  ["check-user", "signed out", checkUser, () => ({ body: { username: NUL } }), [400, 404, 422], null],
  [
    "check-in entry",
    "teacher",
    checkIn,
    () => ({ body: { chips: [{ value: `1${NUL}` }], date: TUE } }),
    [200, 422],
    null,
  ],
  ["search", "teacher", search, () => ({ query: { query: NUL } }), INVALID, "query"],
  [
    "settings",
    "admin",
    saveSettings,
    () => ({ body: { values: { school_name: NUL } } }),
    INVALID,
    "school_name",
  ],
  ["feedback", "teacher", feedback, () => ({ body: { feedback: NUL } }), INVALID, "feedback"],
  [
    "message",
    "teacher",
    sendNotification,
    () => ({ body: { recipient_ids: [ids().teacher], body: `a${NUL}b` } }),
    INVALID,
    "body",
  ],
  ["topic memo", "teacher", createTopic, () => ({ body: { memo: NUL } }), INVALID, "memo"],
  [
    "amendment memo",
    "teacher",
    amendment,
    () => ({ body: { block_id: ids().block, date: TUE, student_id: ids().student, memo: NUL } }),
    INVALID,
    "memo",
  ],
  [
    "appointment memo",
    "teacher",
    createAppointment,
    () => ({ body: { block_id: ids().block, date: TUE, student_id: ids().student, memo: NUL } }),
    INVALID,
    "memo",
  ],
  // Ids past 2^31 - 1.
  ["logo version", "signed out", logo, () => ({ query: { v: BIG_ID } }), [200, 404], null],
  ["archive", "teacher", archive, () => ({ params: { id: BIG_ID } }), INVALID, "id"],
  ["read", "teacher", read, () => ({ params: { id: BIG_ID } }), INVALID, "id"],
  ["unarchive", "teacher", unarchive, () => ({ params: { id: BIG_ID } }), INVALID, "id"],
  ["unread", "teacher", unread, () => ({ params: { id: BIG_ID } }), INVALID, "id"],
  [
    "recipient",
    "teacher",
    sendNotification,
    () => ({ body: { recipient_ids: [Number(BIG_ID)], body: "Hi" } }),
    INVALID,
    "recipient_ids.0",
  ],
  [
    "star",
    "teacher",
    star,
    () => ({ body: { item_type: "student", item_id: Number(BIG_ID) } }),
    INVALID,
    "item_id",
  ],
  [
    "unstar",
    "teacher",
    unstar,
    () => ({ body: { item_type: "student", item_id: Number(BIG_ID) } }),
    INVALID,
    "item_id",
  ],
  // A staff member who left: refused with the field named, whatever else is right.
  [
    "plan with a teacher who left",
    "student",
    schedulePlan,
    () => ({ body: { block_id: ids().block, date: TUE, staff_id: leftStaffId } }),
    [409],
    "staff_id",
  ],
  ...[powerScheduler, powerSchedulerPreview].map(
    (handler, i): Case => [
      `Power Scheduler ${i ? "preview " : ""}with a teacher who left`,
      "admin",
      handler,
      () => ({
        body: { student_type: "all", schedule_type: "amendment", staff_id: leftStaffId, memo: "x", date_time: TUE },
      }),
      [409],
      "staff_id",
    ],
  ),
  [
    "default teacher who left",
    "admin",
    updateStudent,
    () => ({
      params: { id: String(ids().student) },
      body: { first_name: "A", last_name: "B", initials: "AB", grade: 9, default_teacher_id: leftStaffId },
    }),
    INVALID,
    "default_teacher_id",
  ],
];

it.each(cases)(
  "%s (as %s) answers a documented status, not a 500",
  async (_name, who, handler, options, statuses, field) => {
    const token = who === "signed out" ? undefined : await tokenFor(state.db, world.accounts[who]);
    const res = await call(handler, { ...options(), token });
    expect(statuses).toContain(res.status);
    if (field) expect(Object.keys(res.body.errors ?? {})).toContain(field);
  },
);
