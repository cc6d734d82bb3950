/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import { GET as getPreferences, PUT as putPreferences } from "@/app/api/user/notification-preferences/route";
import { upsertPushSubscription } from "@/db/queries/push";
import { optOuts, outbox, settings } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

const state = useTestDb();
let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startSmtpServer();
  await state.db.update(settings).set({ value: "" }).where(eq(settings.key, "quiet-hours"));
});
afterAll(async () => {
  await smtp.close();
});
afterEach(async () => {
  await mandatory("");
});

const mandatory = (value: string) =>
  state.db.update(settings).set({ value }).where(eq(settings.key, "mandatory-notifications"));

const ALL_ON = { reminders: true, changes: true, digest: true };

const put = (token: string, body: unknown) => call(putPreferences, { method: "PUT", token, body });

type Student = Awaited<ReturnType<typeof createStudent>>;
const movedNotice = (s: Student, occasion: string): Notice => ({
  to: { user_id: s.user.id, student_id: s.student.id, email: s.student.email, name: s.student.first_name },
  kind: "moved",
  occasion,
  subject: "Ms. Ruiz booked you for Tue Dec 8",
  content: { heading: "Ms. Ruiz booked you", paragraphs: ["Ms. Ruiz booked you for a Math test retake."] },
});

describe("GET /api/user/notification-preferences", () => {
  it("answers every kind on, per channel, with the address email goes to", async () => {
    const s = await createStudent(state.db, { email: "Rosa@Students.example" });
    const answer = await call(getPreferences, { token: await tokenFor(state.db, s) });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      email: ALL_ON,
      push: ALL_ON,
      mandatory: [],
      email_address: "rosa@students.example",
      email_configured: true,
      devices: 0,
    });
  });

  it("counts the person's devices, and answers a student without an address email_address null", async () => {
    const s = await createStudent(state.db);
    await upsertPushSubscription(state.db, { user_id: s.user.id, endpoint: "https://fcm.googleapis.com/fcm/send/one", p256dh: "x", auth: "y", user_agent: "" });
    const answer = await call(getPreferences, { token: await tokenFor(state.db, s) });
    expect(answer.body).toMatchObject({ email_address: null, devices: 1 });
  });

  it("answers 401 signed out", async () => {
    expect((await call(getPreferences)).status).toBe(401);
    expect((await call(putPreferences, { method: "PUT", body: { email: { digest: false } } })).status).toBe(401);
  });
});

describe("PUT /api/user/notification-preferences", () => {
  it("turns a kind off and on again: email by address, push by account, where the senders read them", async () => {
    const teacher = await createStaff(state.db, { email: "ruiz@school.example" });
    const token = await tokenFor(state.db, teacher);
    const off = await put(token, { email: { digest: false }, push: { reminders: false, changes: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ email: { ...ALL_ON, digest: false }, push: { reminders: false, changes: false, digest: true } });
    expect((await call(getPreferences, { token })).body).toEqual(off.body);
    const rows = await state.db.select({ channel: optOuts.channel, subject: optOuts.subject, kind: optOuts.kind }).from(optOuts);
    expect(rows).toEqual(
      expect.arrayContaining([
        { channel: "email", subject: "ruiz@school.example", kind: "digest" },
        { channel: "push", subject: `user:${teacher.user.id}`, kind: "reminders" },
        { channel: "push", subject: `user:${teacher.user.id}`, kind: "changes" },
      ]),
    );
    // Saying the same twice changes nothing; turning it on removes the opt-out.
    expect((await put(token, { email: { digest: false } })).status).toBe(200);
    const on = await put(token, { email: { digest: true, reminders: true }, push: { changes: true } });
    expect(on.body).toMatchObject({ email: ALL_ON, push: { reminders: false, changes: true, digest: true } });
    expect(await state.db.select().from(optOuts).where(eq(optOuts.subject, "ruiz@school.example"))).toHaveLength(0);
  });

  it("works for every signed-in role, each on their own switches only", async () => {
    const admin = await createAdmin(state.db);
    const sysadmin = await createSysadmin(state.db);
    const other = await createStaff(state.db);
    for (const account of [admin, sysadmin]) {
      const answer = await put(await tokenFor(state.db, account), { email: { reminders: false } });
      expect(answer.status).toBe(200);
      expect(answer.body.email.reminders).toBe(false);
    }
    expect((await call(getPreferences, { token: await tokenFor(state.db, other) })).body.email).toEqual(ALL_ON);
  });

  it("refuses to turn off a kind the school made mandatory (422 with a sentence) and changes nothing", async () => {
    const s = await createStudent(state.db, { email: "mandatory@students.example" });
    const token = await tokenFor(state.db, s);
    await put(token, { email: { changes: false } });
    await mandatory("changes");
    // Mandatory kinds read as on, whatever was turned off before.
    const shown = await call(getPreferences, { token });
    expect(shown.body).toMatchObject({ email: ALL_ON, push: ALL_ON, mandatory: ["changes"] });

    const refused = await put(token, { email: { changes: false, digest: false }, push: { changes: false } });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("mandatory_notification");
    expect(refused.body.message).toBe(
      "Your school requires notices when someone changes your Focus Block, so they cannot be turned off.",
    );
    expect(Object.keys(refused.body.errors).sort()).toEqual(["email.changes", "push.changes"]);
    // The digest switch in the same request was not saved either.
    expect((await call(getPreferences, { token })).body.email.digest).toBe(true);
    // Turning a mandatory kind on, and other kinds off, is fine.
    const fine = await put(token, { email: { changes: true, digest: false } });
    expect(fine.status).toBe(200);
    expect(fine.body.email).toEqual({ reminders: true, changes: true, digest: false });
  });

  it.each([
    ["a string for a switch", { email: { reminders: "no" } }],
    ["an unknown kind", { email: { sms: false } }],
    ["an unknown channel", { sms: { reminders: false } }],
    ["a channel that is not an object", { push: false }],
    ["null", null],
  ])("refuses %s with 422 and changes nothing", async (_what, body) => {
    const s = await createStudent(state.db, { email: `bad${Math.random()}@students.example` });
    const token = await tokenFor(state.db, s);
    const answer = await put(token, body);
    expect(answer.status).toBe(422);
    expect((await call(getPreferences, { token })).body.email).toEqual(ALL_ON);
  });

  it("answers 400 to an unreadable body", async () => {
    const s = await createStudent(state.db);
    expect((await call(putPreferences, { method: "PUT", token: await tokenFor(state.db, s), rawBody: "{email" })).status).toBe(400);
  });
});

describe("what notify sends after a change of preference", () => {
  it("emails no one a kind they turned off, and everyone once the school makes it mandatory", async () => {
    const off = await createStudent(state.db, { email: "turned-off@students.example", first_name: "Off" });
    const on = await createStudent(state.db, { email: "kept-on@students.example", first_name: "On" });
    expect((await put(await tokenFor(state.db, off), { email: { changes: false } })).status).toBe(200);

    const before = smtp.messages.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(off, "pref-1"), movedNotice(on, "pref-1")], new Date()));
    await runPendingJobs(state.db);
    await smtp.waitFor(before + 1);
    expect(smtp.recipients().slice(before)).toEqual(["kept-on@students.example"]);
    const offRows = await state.db.select().from(outbox).where(and(eq(outbox.user_id, off.user.id), eq(outbox.channel, "email")));
    expect(offRows).toHaveLength(0);

    await mandatory("changes");
    const next = smtp.messages.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(off, "pref-2")], new Date()));
    await runPendingJobs(state.db);
    await smtp.waitFor(next + 1);
    expect(smtp.recipients().slice(next)).toEqual(["turned-off@students.example"]);
  });

  it("still emails a kind the person turned off only for push", async () => {
    const s = await createStudent(state.db, { email: "push-off@students.example" });
    await put(await tokenFor(state.db, s), { push: { changes: false } });
    const before = smtp.messages.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(s, "pref-3")], new Date()));
    await runPendingJobs(state.db);
    await smtp.waitFor(before + 1);
    expect(smtp.recipients().slice(before)).toEqual(["push-off@students.example"]);
  });
});
