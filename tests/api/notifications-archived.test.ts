/** @jest-environment node */
import { PUT as archiveAll } from "@/app/api/notifications/archive/all/route";
import { PUT as archive } from "@/app/api/notifications/archive/[id]/route";
import { GET as archivedRoute } from "@/app/api/notifications/archived/route";
import { GET as inbox } from "@/app/api/notifications/inbox/route";
import { POST as send } from "@/app/api/notifications/route";
import { PUT as unarchive } from "@/app/api/notifications/unarchive/[id]/route";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** The Archived view (an archived message is not lost): GET /api/notifications/archived, and Unarchive from it. */
const state = useTestDb();
const id = (value: number) => ({ id: String(value) });

describe("GET /api/notifications/archived", () => {
  it("lists the caller's archived messages newest first, in the inbox's shape; unarchive puts one back", async () => {
    const sender = await createAdmin(state.db, { title: "Dr.", first_name: "Ada", last_name: "Byron" });
    const reader = await createStaff(state.db, { first_name: "Bo", last_name: "Chen" });
    const other = await createStaff(state.db, { first_name: "Cy", last_name: "Diaz" });
    const [senderToken, readerToken, otherToken] = await Promise.all([
      tokenFor(state.db, sender),
      tokenFor(state.db, reader),
      tokenFor(state.db, other),
    ]);
    const ids: number[] = [];
    for (const body of ["First", "Second", "Third"]) {
      const sent = await call(send, {
        token: senderToken,
        body: { recipient_ids: [reader.staff.id, other.staff.id], body },
      });
      ids.push(sent.body.notification.id);
    }
    expect((await call(archivedRoute, { token: readerToken })).body).toEqual([]);

    expect((await call(archive, { token: readerToken, params: id(ids[0]!) })).status).toBe(200);
    expect((await call(archiveAll, { token: readerToken })).status).toBe(200);
    const shelf = await call(archivedRoute, { token: readerToken });
    expect(shelf.status).toBe(200);
    expect(shelf.body.map((e: { notification: { body: string } }) => e.notification.body)).toEqual([
      "Third",
      "Second",
      "First",
    ]);
    expect(shelf.body[0]).toMatchObject({
      read: false,
      notification: { id: ids[2], body: "Third", sender: { name: "Dr. Byron, Ada" } },
    });
    // Someone else's archive is their own: the other recipient archived nothing.
    expect((await call(archivedRoute, { token: otherToken })).body).toEqual([]);
    expect((await call(inbox, { token: otherToken })).body).toHaveLength(3);

    expect((await call(unarchive, { token: readerToken, params: id(ids[1]!) })).status).toBe(200);
    expect(
      (await call(archivedRoute, { token: readerToken })).body.map((e: { notification: { id: number } }) => e.notification.id),
    ).toEqual([ids[2], ids[0]]);
    expect((await call(inbox, { token: readerToken })).body.map((e: { notification: { id: number } }) => e.notification.id)).toEqual([
      ids[1],
    ]);
  });

  it("answers sysadmins and students their own (empty here), the signed out 401", async () => {
    expect((await call(archivedRoute, { token: await tokenFor(state.db, await createSysadmin(state.db)) })).body).toEqual([]);
    expect((await call(archivedRoute, { token: await tokenFor(state.db, await createStudent(state.db)) })).body).toEqual([]);
    expect((await call(archivedRoute, {})).status).toBe(401);
  });
});
