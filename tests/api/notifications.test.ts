/** @jest-environment node */
import { eq } from "drizzle-orm";
import { notificationRecipients, notifications } from "@/db/schema";
import { PUT as archiveAll } from "@/app/api/notifications/archive/all/route";
import { PUT as archive } from "@/app/api/notifications/archive/[id]/route";
import { GET as inbox } from "@/app/api/notifications/inbox/route";
import { GET as outbox } from "@/app/api/notifications/outbox/route";
import { PUT as readAll } from "@/app/api/notifications/read/all/route";
import { PUT as read } from "@/app/api/notifications/read/[id]/route";
import { POST as send } from "@/app/api/notifications/route";
import { PUT as unarchive } from "@/app/api/notifications/unarchive/[id]/route";
import { PUT as unread } from "@/app/api/notifications/unread/[id]/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { statementsOf } from "../helpers/statements";

const state = useTestDb();

async function people() {
  const sender = await createAdmin(state.db, { title: "Dr.", first_name: "Ada", last_name: "Byron", initials: "AB", color: "teal" });
  const reader = await createStaff(state.db, { first_name: "Bo", last_name: "Chen" });
  const other = await createStaff(state.db, { first_name: "Cy", last_name: "Diaz" });
  return {
    sender,
    reader,
    other,
    senderToken: await tokenFor(state.db, sender),
    readerToken: await tokenFor(state.db, reader),
    otherToken: await tokenFor(state.db, other),
  };
}

const id = (value: number) => ({ id: String(value) });

describe("notifications", () => {
  it("sends a message and shows it in the recipients' inboxes and the sender's outbox", async () => {
    const p = await people();
    const sent = await call(send, {
      token: p.senderToken,
      body: { recipient_ids: [p.reader.staff.id, p.other.staff.id, p.reader.staff.id], body: "  Staff meeting at 3  " },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.notification).toMatchObject({
      body: "Staff meeting at 3",
      sender: { id: p.sender.staff.id, name: "Dr. Byron, Ada", initials: "AB", color: "teal" },
      approximateTime: "less than a minute ago",
    });
    expect(sent.body.notification.recipients).toEqual([
      { id: p.reader.staff.id, name: `Chen, Bo` },
      { id: p.other.staff.id, name: `Diaz, Cy` },
    ]);
    expect(sent.body.notification.date).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    expect(sent.body.notification.time).toMatch(/^\d{1,2}:\d{2} [AP]M$/);

    const box = await call(inbox, { token: p.readerToken });
    expect(box.status).toBe(200);
    expect(box.body).toHaveLength(1);
    expect(box.body[0]).toEqual({
      read: false,
      notification: {
        id: sent.body.notification.id,
        body: "Staff meeting at 3",
        date: sent.body.notification.date,
        time: sent.body.notification.time,
        approximateTime: expect.any(String),
        sender: { id: p.sender.staff.id, name: "Dr. Byron, Ada", initials: "AB", color: "teal" },
      },
    });

    const out = await call(outbox, { token: p.senderToken });
    expect(out.body).toHaveLength(1);
    expect(out.body[0].notification.recipients.map((r: { id: number }) => r.id)).toEqual([
      p.reader.staff.id,
      p.other.staff.id,
    ]);
    expect((await call(inbox, { token: p.senderToken })).body).toEqual([]);
    expect((await call(outbox, { token: p.readerToken })).body).toEqual([]);
  });

  it("lists the inbox newest first", async () => {
    const p = await people();
    for (const body of ["first", "second", "third"])
      await call(send, { token: p.senderToken, body: { recipient_ids: [p.reader.staff.id], body } });
    const box = await call(inbox, { token: p.readerToken });
    expect(box.body.map((item: { notification: { body: string } }) => item.notification.body)).toEqual([
      "third",
      "second",
      "first",
    ]);
  });

  it("marks read and unread, archives and unarchives, only the caller's own rows", async () => {
    const p = await people();
    const sent = await call(send, { token: p.senderToken, body: { recipient_ids: [p.reader.staff.id], body: "Hi" } });
    const nid = sent.body.notification.id as number;

    const opened = await call(read, { token: p.readerToken, params: id(nid) });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ read: true, notification: { id: nid } });
    expect((await call(inbox, { token: p.readerToken })).body[0].read).toBe(true);
    expect((await call(unread, { token: p.readerToken, params: id(nid) })).body.read).toBe(false);
    expect((await call(inbox, { token: p.readerToken })).body[0].read).toBe(false);

    // Someone who is not a recipient, and the sender, get 404.
    expect((await call(read, { token: p.otherToken, params: id(nid) })).status).toBe(404);
    expect((await call(archive, { token: p.otherToken, params: id(nid) })).status).toBe(404);
    expect((await call(archive, { token: p.senderToken, params: id(nid) })).status).toBe(404);
    expect((await call(read, { token: p.readerToken, params: id(999999) })).status).toBe(404);

    expect((await call(archive, { token: p.readerToken, params: id(nid) })).status).toBe(200);
    expect((await call(inbox, { token: p.readerToken })).body).toEqual([]);
    // An archived message can no longer be marked read.
    const gone = await call(read, { token: p.readerToken, params: id(nid) });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe("Cannot find Notification.");

    expect((await call(unarchive, { token: p.readerToken, params: id(nid) })).status).toBe(200);
    expect((await call(inbox, { token: p.readerToken })).body).toHaveLength(1);
    expect((await call(read, { token: p.readerToken, params: { id: "abc" } })).status).toBe(422);
  });

  it("reads all and archives all of the caller's inbox, leaving other people's alone", async () => {
    const p = await people();
    for (const body of ["a", "b"])
      await call(send, {
        token: p.senderToken,
        body: { recipient_ids: [p.reader.staff.id, p.other.staff.id], body },
      });
    const all = await call(readAll, { token: p.readerToken });
    expect(all.status).toBe(200);
    expect(all.body.map((item: { read: boolean }) => item.read)).toEqual([true, true]);
    expect((await call(inbox, { token: p.otherToken })).body.map((item: { read: boolean }) => item.read)).toEqual([
      false,
      false,
    ]);

    const archived = await call(archiveAll, { token: p.readerToken });
    expect(archived.status).toBe(200);
    expect(archived.body).toEqual([]);
    expect((await call(inbox, { token: p.readerToken })).body).toEqual([]);
    expect((await call(inbox, { token: p.otherToken })).body).toHaveLength(2);
  });

  it("refuses bad input: unreadable 400, empty or long body and bad recipients 422, unknown staff 422", async () => {
    const p = await people();
    const token = p.senderToken;
    const to = [p.reader.staff.id];
    expect((await call(send, { token, rawBody: "{" })).status).toBe(400);
    const empty = await call(send, { token, body: { recipient_ids: to, body: "   " } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual(["This field cannot be empty."]);
    expect((await call(send, { token, body: { recipient_ids: to, body: "x".repeat(1001) } })).status).toBe(422);
    expect((await call(send, { token, body: { recipient_ids: [], body: "Hi" } })).status).toBe(422);
    expect((await call(send, { token, body: { body: "Hi" } })).status).toBe(422);
    const many = Array.from({ length: 201 }, (_, i) => i + 1);
    expect((await call(send, { token, body: { recipient_ids: many, body: "Hi" } })).status).toBe(422);
    const unknown = await call(send, { token, body: { recipient_ids: [p.reader.staff.id, 999999], body: "Hi" } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.recipient_ids).toBeDefined();
    // Nothing was written.
    expect(await state.db.select().from(notifications).where(eq(notifications.sender_id, p.sender.staff.id))).toHaveLength(0);
    expect(
      await state.db.select().from(notificationRecipients).where(eq(notificationRecipients.staff_id, p.reader.staff.id)),
    ).toHaveLength(0);
  });

  it("is for staff: students and sysadmins read only system messages and get 403 on sending, signed out 401", async () => {
    const p = await people();
    const student = await tokenFor(state.db, await createStudent(state.db));
    // A student's inbox holds only the system's messages to them (a plan cancelled because its teacher left).
    expect((await call(inbox, { token: student })).body).toEqual([]);
    expect((await call(outbox, { token: student })).status).toBe(403);
    expect((await call(send, { token: student, body: { recipient_ids: [p.reader.staff.id], body: "Hi" } })).status).toBe(403);
    expect((await call(readAll, { token: student })).body).toEqual([]);
    expect((await call(archive, { token: student, params: id(1) })).status).toBe(404);

    const sysadmin = await tokenFor(state.db, await createSysadmin(state.db));
    expect((await call(inbox, { token: sysadmin })).body).toEqual([]);
    expect((await call(outbox, { token: sysadmin })).body).toEqual([]);
    expect((await call(send, { token: sysadmin, body: { recipient_ids: [p.reader.staff.id], body: "Hi" } })).status).toBe(403);
    // A sysadmin's inbox holds only system messages (their CSV imports); there are none here.
    expect((await call(archiveAll, { token: sysadmin })).body).toEqual([]);
    expect((await call(archive, { token: sysadmin, params: id(1) })).status).toBe(404);

    expect((await call(inbox)).status).toBe(401);
    expect((await call(outbox)).status).toBe(401);
    expect((await call(send, { body: { recipient_ids: [1], body: "Hi" } })).status).toBe(401);
    expect((await call(unarchive, { params: id(1) })).status).toBe(401);
  });

  it("costs the same statements for 1 or 50 messages in the inbox and outbox", async () => {
    const p = await people();
    const statements = async (handler: typeof inbox, token: string) => {
      const counted = await statementsOf(token, () => call(handler, { token }));
      expect(counted.result.status).toBe(200);
      return counted.statements;
    };
    await call(send, { token: p.senderToken, body: { recipient_ids: [p.reader.staff.id, p.other.staff.id], body: "0" } });
    const inboxOne = await statements(inbox, p.readerToken);
    const outboxOne = await statements(outbox, p.senderToken);
    for (let i = 1; i < 50; i += 1)
      await call(send, { token: p.senderToken, body: { recipient_ids: [p.reader.staff.id, p.other.staff.id], body: `${i}` } });
    expect((await call(inbox, { token: p.readerToken })).body).toHaveLength(50);
    expect(await statements(inbox, p.readerToken)).toBe(inboxOne);
    expect(await statements(outbox, p.senderToken)).toBe(outboxOne);
  });
});
