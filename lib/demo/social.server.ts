import "server-only";
import type { Db } from "@/db/client";
import { notificationRecipients, notifications, stars } from "@/db/schema";
import type { Principal } from "@/lib/auth/principal";
import { createEvent } from "@/lib/calendar/events.server";
import { addDays } from "@/lib/core/time";
import { proDDay, type SeedCalendar } from "./calendar.server";
import type { SeededCluster } from "./curriculum.server";
import type { SeededPeople } from "./people.server";
import type { Random } from "./random.server";
import { NOTIFICATION_BODIES } from "./words.server";

const HOUR = 60 * 60 * 1000;

/**
 * A handful of staff-to-staff notifications. teacher@ receives most of them, some already read and
 * a couple archived, and sends one.
 */
export async function seedNotifications(
  db: Db,
  random: Random,
  people: SeededPeople,
  now: Date,
): Promise<number> {
  const { staff, teacher } = people;
  const bodies = NOTIFICATION_BODIES.map((body, i) => {
    const sender = i === 3 ? teacher : random.pick(staff.filter((s) => s.id !== teacher.id));
    return {
      sender_id: sender.id,
      initials: sender.initials,
      color: sender.color,
      body,
      created_at: new Date(now.getTime() - (i * 19 + random.int(12) + 1) * HOUR),
    };
  });
  const inserted = await db
    .insert(notifications)
    .values(bodies)
    .returning({ id: notifications.id, sender_id: notifications.sender_id });
  const recipients = inserted.flatMap((notification, i) => {
    const others = staff.filter((s) => s.id !== notification.sender_id && s.id !== teacher.id);
    const chosen = random.sample(others, Math.min(others.length, random.between(1, 3)));
    if (notification.sender_id !== teacher.id) chosen.unshift(teacher);
    return chosen.map((member) => ({
      notification_id: notification.id,
      staff_id: member.id,
      read: i >= 2 && random.chance(0.7),
      archived: i >= 5 && member.id === teacher.id,
    }));
  });
  await db.insert(notificationRecipients).values(recipients);
  return inserted.length;
}

/** teacher@ stars student 100001 and the cluster they own. */
export async function seedStars(db: Db, people: SeededPeople, clusters: SeededCluster[]): Promise<void> {
  await db.insert(stars).values([
    { staff_id: people.teacher.id, item_type: "student", item_id: people.student.id },
    { staff_id: people.teacher.id, item_type: "cluster", item_id: clusters[0]!.id },
  ]);
}

/**
 * A Pro-D Day on next week's Monday (no blocks meet: nothing planned, placed or checked in) and
 * conferences this Thursday (an evening event; the day's blocks meet as usual).
 */
export async function seedCalendarEvents(db: Db, principal: Principal, calendar: SeedCalendar, now: Date): Promise<void> {
  const events = [
    { date: proDDay(calendar.thisWeek), name: "Pro-D Day (no classes)", no_blocks: true },
    { date: addDays(calendar.thisWeek, 4), name: "Parent-Teacher Conferences (evening)", no_blocks: false },
  ].filter((event) => event.date >= calendar.yearStart && event.date <= calendar.yearEnd);
  // As an administrator adds them (POST /api/calendar-events): a day without school regenerates the days.
  for (const event of events) await createEvent(db, principal, event, now);
}
