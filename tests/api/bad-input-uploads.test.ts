/** @jest-environment node */
import { PUT as schoolYearPut } from "@/app/api/school-year/route";
import { PUT as timetablePut } from "@/app/api/timetable/route";
import { calendarEvents } from "@/db/schema";
import { useTestDb } from "../helpers/db";
import { createAdmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { answerText, answerUpload, HOSTILE_UPLOADS, uploadRequest, type HostileContext } from "../helpers/hostile-uploads";
import { call } from "../helpers/http";

/**
 * The worst files of the bad-input tier on every upload route (tests/helpers/hostile-uploads.ts): each
 * gets its refusal (or, for the largest files allowed, its answer), never a 5xx; a dry run writes
 * nothing. How long each holds the server's event loop is `npm run bench:uploads`'s figure, not this
 * test's: timings on a shared test machine would make it flaky.
 */
const state = useTestDb();
let admin: string;
const YEAR = { start: "2031-09-02", end: "2032-06-25", attendance_from: "2031-09-02", terms: [] };
const context: HostileContext = { yearStart: YEAR.start, yearEnd: YEAR.end, password: TEST_PASSWORD };
const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];

beforeAll(async () => {
  admin = await tokenFor(state.db, await createAdmin(state.db));
  expect((await call(schoolYearPut, { token: admin, method: "PUT", body: YEAR, path: "/api/school-year" })).status).toBe(200);
  const timetable = {
    effective_from: "2031-09-01",
    cycle: { kind: "weekly", day_types: WEEKDAYS },
    blocks: [{ label: "Focus Block", flex: true, times: WEEKDAYS.map((day_type) => ({ day_type, start: "10:00", end: "10:40" })) }],
  };
  expect((await call(timetablePut, { token: admin, method: "PUT", body: timetable, path: "/api/timetable" })).status).toBe(200);
});

it.each(HOSTILE_UPLOADS.map((upload) => [`${upload.route}: ${upload.name}`, upload] as const))(
  "%s",
  async (_name, upload) => {
    const sent = await Promise.all(
      Array.from({ length: upload.together ?? 1 }, async () =>
        answerUpload(upload, await uploadRequest(upload, admin, await upload.form(context))),
      ),
    );
    for (const answer of sent) {
      expect({ status: answer.status, says: answerText(answer.body).slice(0, 300) }).toEqual({
        status: upload.status,
        says: upload.says ? expect.stringMatching(upload.says) : expect.anything(),
      });
    }
    // Calendar dry runs and refusals write nothing.
    if (upload.route === "calendar import") expect(await state.db.select().from(calendarEvents)).toEqual([]);
  },
  // Generous: the answers are the test; how long each takes is the bench's (a loaded CI machine took over 60 s for one).
  180_000,
);
