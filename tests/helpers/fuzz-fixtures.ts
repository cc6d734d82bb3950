import { eq, getTableColumns, inArray, type Column } from "drizzle-orm";
import type { Db } from "@/db";
import {
  notificationRecipients,
  notifications,
  sessions,
  settings,
  staff,
  students,
  sysadmins,
  users,
} from "@/db/schema";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD } from "./factories";
import type { Who } from "./fuzz";
import type { Hints } from "./fuzz-shape";
import { createAppointment, createWeekTimetable } from "./schedule-factories";
import { createTopic, scheduleTopic, TUE } from "./timetable-factories";

/**
 * The small school the bad-input suite fuzzes: one account per role, a week timetable, a topic on a
 * block, an appointment and a message, and the hints that put their real ids into a route's baseline.
 */
export async function createFuzzWorld(db: Db) {
  const { focus } = await createWeekTimetable(db);
  const student = await createStudent(db);
  const teacher = await createStaff(db);
  const admin = await createAdmin(db);
  const sysadmin = await createSysadmin(db);
  // People that routes acting on a person (edit, archive, disable, reset a password…) may do anything to,
  // so the accounts the suite signs in with stay as they are.
  const victimStudent = await createStudent(db);
  const victimStaff = await createStaff(db);
  const topic = await createTopic(db, { staff_id: teacher.staff.id });
  // Deleted or taken off the block by the routes that name them in their path.
  const victimTopic = await createTopic(db, { staff_id: teacher.staff.id });
  const victimSlot = await scheduleTopic(db, victimTopic, { block_id: focus.id, date: TUE });
  // Booked for the victim: the student the baselines name must be free to book on the baseline date.
  const appointment = await createAppointment(db, {
    student_id: victimStudent.student.id,
    staff_id: teacher.staff.id,
    block_id: focus.id,
    date: TUE,
  });
  const [note] = await db
    .insert(notifications)
    .values({ sender_id: admin.staff.id, initials: "AA", color: "blue", body: "Hello" })
    .returning();
  await db
    .insert(notificationRecipients)
    .values([teacher, admin].map((who) => ({ notification_id: note!.id, staff_id: who.staff.id })));

  const accounts: Record<Exclude<Who, "signed out">, { user: { id: number } }> = {
    student,
    teacher,
    admin,
    sysadmin,
  };
  // Field names the schemas share, filled with real rows so that one broken field is the only thing wrong.
  const hints: Hints = [
    [/date|^(from|to)$/, TUE],
    // Capture times: now, as a scanner would stamp them.
    [/(timestamp|_at)$/, new Date().toISOString()],
    [/^block_ids?$/, focus.id],
    [/^weekdays?$/, 2], // TUE's
    [/^(student_ids?|item_id)$/, student.student.id],
    [/^user_ids?$/, victimStudent.user.id],
    [/^staff_id$/, teacher.staff.id],
    [/^topic_id$/, topic.id],
    [/^recipient_ids$/, teacher.staff.id],
    [/^item_type$/, "student"],
    [/^initials$/, "FZ"],
    [/^(username|value)$/, student.student.student_number],
    [/^password$/, TEST_PASSWORD],
    [/^new_password$/, "a much longer passphrase 42"],
    [/^values$/, { school_name: "Fuzz High" }],
    // POST /api/check-in's offline-queue id: without a UUID its baseline stopped at validation.
    [/^submission_id$/, "6f1c2f4e-8a3b-4c1d-9e2f-0a1b2c3d4e5f"],
    // A browser's push subscription (POST /api/push/subscriptions): a push service's address and real-sized keys.
    [/^endpoint$/, "https://fcm.googleapis.com/fcm/send/fuzz-device"],
    [/^p256dh$/, "BL8Z0e12aQzZaB_Na50M01xq8-lCrySb2pyI5ffUMCQu4l-PtZa53BvrdLCgkfvaSikyDQbKaj5T5XSiaQXP0lU"],
    [/^auth$/, "Zm9yIGZ1enppbmcgb25seQ"],
  ];
  // A path's `id` by the collection the route names (first match wins).
  const idHints: Array<[RegExp, number]> = [
    [/\/appointments\//, appointment.id],
    [/\/topics\/schedule\//, victimSlot.id],
    [/\/topics\//, victimTopic.id],
    [/\/notifications\//, note!.id],
    [/\/staff\//, victimStaff.staff.id],
    [/\/students\//, victimStudent.student.id],
  ];
  const allSettings = await db.select({ id: settings.id }).from(settings);
  const restore = await snapshot(db, [
    [users, Object.values(accounts).map((account) => account.user.id)],
    [staff, [teacher.staff.id, admin.staff.id]],
    [students, [student.student.id]],
    [sysadmins, [sysadmin.sysadmin.id]],
    [settings, allSettings.map((row) => row.id)],
  ]);
  const ids = {
    block: focus.id,
    student: student.student.id,
    studentNumber: student.student.student_number,
    teacher: teacher.staff.id,
    topic: topic.id,
    notification: note!.id,
  };
  return { accounts, hints, idHints, restore, ids };
}

type Table = typeof users | typeof staff | typeof students | typeof sysadmins | typeof settings;

/**
 * Keeps the rows as they are now and gives a function that puts back the ones that changed (and ends
 * the accounts' sessions), so each route × role starts from the same school whatever the one before did.
 */
async function snapshot(db: Db, tables: Array<[Table, number[]]>) {
  const read = (table: Table, ids: number[]) =>
    db.select().from(table).where(inArray(table.id, ids)) as Promise<Array<Record<string, unknown>>>;
  const saved = await Promise.all(
    tables.map(async ([table, ids]) => ({ table, ids, rows: await read(table, ids) })),
  );
  const userIds = tables[0]![1];
  return async () => {
    for (const { table, ids, rows } of saved) {
      const now = new Map((await read(table, ids)).map((row) => [row.id, JSON.stringify(row)]));
      const writable = Object.entries(getTableColumns(table) as Record<string, Column>)
        .filter(([name, column]) => name !== "id" && !column.generated && !column.generatedIdentity)
        .map(([name]) => name);
      for (const row of rows.filter((row) => now.get(row.id) !== JSON.stringify(row))) {
        const values = Object.fromEntries(writable.map((name) => [name, row[name]]));
        await db
          .update(table)
          .set(values)
          .where(eq(table.id, row.id as number));
      }
    }
    await db.delete(sessions).where(inArray(sessions.user_id, userIds));
  };
}
