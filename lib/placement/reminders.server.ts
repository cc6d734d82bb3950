import "server-only";
import type { Db } from "@/db";
import { claimedOccasions, claimOccasions } from "@/db/queries/outbox";
import { flexMeetings } from "@/db/queries/placement";
import { digestTeachers, notChosenStudents, teacherDigestRows, type DigestRow } from "@/db/queries/reach-lists";
import { noBlockDates } from "@/db/queries/schedule";
import { settingValues } from "@/db/queries/settings";
import { focusDays, type FocusDay } from "./service.server";
import { titledLastName } from "@/lib/people/names";
import { readDailyTime, readReminder } from "@/lib/settings/notification-settings";
import { placementSettings } from "@/lib/settings/placement.server";
import type { Cutoff } from "@/lib/settings/placement-cutoff";
import { schoolCalendarSettings, type SchoolCalendarSettings } from "@/lib/settings/service.server";
import { addDays, dayOfWeek, schoolInstant, schoolToday, type SchoolDate } from "@/lib/core/time";
import { notChosenContent, teacherDigestContent } from "@/lib/reach/messages";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { studentLocale } from "@/lib/reach/student-words";

/**
 * The scheduled messages about a Focus Block date: "Not chosen yet" to students with no plan (setting
 * reminder-not-chosen: a time the school day before, or hours before the block) and the morning list
 * to each teacher who takes students (setting teacher-digest: a time on the day). The "reminders" job
 * kind (lib/placement/reminders-job.server.ts) sends each date's run once (`run:<kind>:<date>` in
 * reach_occasions); an administrator's send-now (POST /api/reminders/send) sends at once, and nobody
 * is told twice either way (notify's per-person occasion).
 */
export type ReminderKind = "not_chosen" | "teacher_digest";

/** How far ahead a date's reminder may fall due (a Monday's reminder is sent on the Friday before). */
const LOOK_AHEAD_DAYS = 15;
/** A reminder whose moment passed longer ago than this (the server was down) is not sent late. */
const STALE_MS = 12 * 3_600_000;

/** The school day before `date`: the first earlier date that is not a weekend (unless the school has them) or a no-blocks day. */
function schoolDayBefore(date: SchoolDate, calendar: SchoolCalendarSettings, noBlocks: readonly SchoolDate[]): SchoolDate {
  let day = addDays(date, -1);
  for (let i = 0; i < 14; i += 1, day = addDays(day, -1)) {
    const weekday = dayOfWeek(day);
    if (!calendar.weekends && (weekday === 0 || weekday === 6)) continue;
    if (noBlocks.includes(day)) continue;
    return day;
  }
  return addDays(date, -1);
}

/** When a date's reminder of `kind` falls due, or null when that kind is off. */
function momentOf(
  kind: ReminderKind,
  day: FocusDay,
  schedule: { notChosen: Cutoff | null; digest: string | "off" | null },
  calendar: SchoolCalendarSettings,
  noBlocks: readonly SchoolDate[],
): Date | null {
  if (kind === "teacher_digest") {
    return schedule.digest && schedule.digest !== "off" ? schoolInstant(day.date, schedule.digest, calendar.timezone) : null;
  }
  const reminder = schedule.notChosen;
  if (!reminder || reminder.kind === "off") return null;
  if (reminder.kind === "hours") return new Date(day.startsAt.getTime() - reminder.hours * 3_600_000);
  return schoolInstant(schoolDayBefore(day.date, calendar, noBlocks), reminder.time, calendar.timezone);
}

async function reminderSchedule(db: Db) {
  const values = new Map((await settingValues(db, ["reminder-not-chosen", "teacher-digest"])).map((r) => [r.key, r.value]));
  return { notChosen: readReminder(values.get("reminder-not-chosen")), digest: readDailyTime(values.get("teacher-digest")) };
}

const runKey = (kind: ReminderKind, date: SchoolDate) => `run:${kind}:${date}`;

/**
 * The (kind, date) runs due now and not yet sent, oldest first. With both kinds off it is one read of
 * the two settings (the job runner asks on every recurring check).
 */
export async function dueReminders(db: Db, now: Date): Promise<{ kind: ReminderKind; day: FocusDay }[]> {
  const schedule = await reminderSchedule(db);
  const kinds = (["not_chosen", "teacher_digest"] as const).filter((kind) =>
    kind === "not_chosen" ? schedule.notChosen !== null && schedule.notChosen.kind !== "off" : schedule.digest !== null && schedule.digest !== "off",
  );
  if (kinds.length === 0) return [];
  const { calendar, noBlocks, days } = await upcomingDays(db, now);
  const due = days.flatMap((day) =>
    kinds
      .map((kind) => ({ kind, day, at: momentOf(kind, day, schedule, calendar, noBlocks) }))
      .filter(({ at }) => at !== null && at.getTime() <= now.getTime() && now.getTime() - at.getTime() < STALE_MS)
      .filter(() => day.startsAt.getTime() > now.getTime()),
  );
  if (due.length === 0) return [];
  const sent = await claimedOccasions(db, due.map((d) => runKey(d.kind, d.day.date)));
  return due.filter((d) => !sent.has(runKey(d.kind, d.day.date))).map(({ kind, day }) => ({ kind, day }));
}

async function upcomingDays(db: Db, now: Date, only?: SchoolDate) {
  const calendar = await schoolCalendarSettings(db);
  const today = schoolToday(calendar.timezone, now);
  const from = only ?? today;
  const to = only ?? addDays(today, LOOK_AHEAD_DAYS);
  const [meetings, noBlocks, placement] = await Promise.all([
    flexMeetings(db, from, to),
    noBlockDates(db, addDays(from, -14), to),
    placementSettings(db),
  ]);
  return { calendar, noBlocks, placement, days: focusDays(meetings, { ...calendar, noBlockDates: noBlocks }, placement.cutoff, from, to) };
}

export interface ReminderResult {
  kind: ReminderKind;
  date: SchoolDate;
  /** People told now (not counting those told before for this date). */
  told: number;
}

/**
 * Sends one date's run in one transaction: claims `run:<kind>:<date>` (a scheduled run that finds it
 * claimed sends nothing; an explicit send-now goes on, and notify leaves out whoever was told), then
 * tells each person. `immediate`: past the quiet hours (an administrator's send-now).
 */
export async function sendReminder(
  db: Db,
  kind: ReminderKind,
  date: SchoolDate,
  now: Date,
  options: { immediate: boolean },
): Promise<ReminderResult | null> {
  const { calendar, placement, days } = await upcomingDays(db, now, date);
  const day = days[0];
  if (!day) return null;
  return db.transaction(async (tx) => {
    const claimed = await claimOccasions(tx, [runKey(kind, date)]);
    if (claimed.size === 0 && !options.immediate) return { kind, date, told: 0 };
    const notices = kind === "not_chosen" ? await notChosenNotices(tx, day, calendar, placement.cutoff) : await digestNotices(tx, day);
    const told = await notify(tx, notices, now, { immediate: options.immediate });
    return { kind, date, told };
  });
}

async function notChosenNotices(tx: Db, day: FocusDay, calendar: SchoolCalendarSettings, cutoff: Cutoff): Promise<Notice[]> {
  const [students, [schoolDefault]] = await Promise.all([
    notChosenStudents(tx, { date: day.date, blockIds: day.blockIds, existedBy: day.startsAt }),
    settingValues(tx, ["default-locale"]),
  ]);
  return students.map((s) => {
    const { subject, content } = notChosenContent({
      date: day.date,
      blockId: s.block_id,
      firstName: s.first_name,
      cutoffAt: day.cutoffAt,
      cutoff,
      timezone: calendar.timezone,
      locale: studentLocale(s.locale, schoolDefault?.value),
    });
    return {
      to: { user_id: s.user_id, student_id: s.student_id, email: s.email, name: `${s.first_name} ${s.last_name}` },
      kind: "not_chosen" as const,
      occasion: day.date,
      subject,
      content,
    };
  });
}

async function digestNotices(tx: Db, day: FocusDay): Promise<Notice[]> {
  const [teachers, rows] = await Promise.all([digestTeachers(tx), teacherDigestRows(tx, { date: day.date, blockIds: day.blockIds })]);
  const byTeacher = new Map<number, DigestRow[]>();
  for (const row of rows) {
    const list = byTeacher.get(row.staff_id);
    if (list) list.push(row);
    else byTeacher.set(row.staff_id, [row]);
  }
  return teachers.map((t) => {
    const { subject, content } = teacherDigestContent({ date: day.date, teacher: titledLastName(t), rows: byTeacher.get(t.staff_id) ?? [] });
    return {
      to: { user_id: t.user_id, staff_id: t.staff_id, email: t.email, name: `${t.first_name} ${t.last_name}` },
      kind: "teacher_digest" as const,
      occasion: day.date,
      subject,
      content,
    };
  });
}

/** Whether a Focus Block meets on `date` (the send-now route refuses other dates with a clear sentence). */
export async function hasFocusBlock(db: Db, date: SchoolDate, now: Date): Promise<boolean> {
  return (await upcomingDays(db, now, date)).days.length > 0;
}
