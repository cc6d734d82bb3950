import "server-only";
import type { Db } from "@/db";
import { digestGuardians } from "@/db/queries/guardians";
import { claimedOccasions, claimOccasions } from "@/db/queries/outbox";
import { attendanceCellRows, reportCalendar, type AttendanceCellRow } from "@/db/queries/reports";
import { settingValues } from "@/db/queries/settings";
import { attendanceFromDate } from "@/lib/core/attendance/period";
import { DEFAULT_LOCALE, isShippedLocale } from "@/lib/i18n/locales";
import { localeFromRecorded } from "@/lib/i18n/negotiate";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { reportOccurrences } from "@/lib/reports/occurrences";
import { readWeekly } from "@/lib/settings/notification-settings";
import { addDays, schoolInstant, schoolToday, type SchoolDate } from "@/lib/core/time";
import { guardianDigestContent, isoWeek, mondayOf } from "./digest-content";

/**
 * The weekly summary to families (setting guardian-digest: a weekday and a time, "friday 15:30"; off
 * when empty, the default). The "guardian-digest" job kind sends each ISO week's run once
 * (`run:guardian_digest:<week>` in reach_occasions), at the school's moment; an administrator's
 * send-now (POST /api/reminders/send {kind: "guardian_digest"}) sends at once, past the quiet hours.
 * Either way each guardian gets one email per week (notify's occasion: the ISO week), leaving out
 * addresses that unsubscribed (opt_outs, kind digest) or are failing. Each email speaks the guardian's
 * recorded language (guardians.locale: Spanish, French), else the school's default language. A fixed number of statements
 * whatever the number of students: the calendar, the guardians, the week's attendance cells (one
 * set-based report query), the claims and the outbox insert.
 */

/** A run whose moment passed longer ago than this (the server was down) is not sent late. */
const STALE_MS = 12 * 3_600_000;

const runKey = (monday: SchoolDate) => `run:guardian_digest:${isoWeek(monday)}`;

async function digestSettings(db: Db) {
  const values = new Map((await settingValues(db, ["guardian-digest", "timezone"])).map((r) => [r.key, r.value]));
  return { weekly: readWeekly(values.get("guardian-digest")), timezone: values.get("timezone") || "UTC" };
}

/**
 * The Monday of the week whose summary is due now and not yet sent, or null. With the setting off it
 * is one read of two settings (the job runner asks on every recurring check).
 */
export async function dueDigestWeek(db: Db, now: Date): Promise<SchoolDate | null> {
  const { weekly, timezone } = await digestSettings(db);
  if (!weekly || weekly === "off") return null;
  const monday = mondayOf(schoolToday(timezone, now));
  const day = addDays(monday, (weekly.weekday + 6) % 7);
  const at = schoolInstant(day, weekly.time, timezone).getTime();
  if (at > now.getTime() || now.getTime() - at >= STALE_MS) return null;
  const sent = await claimedOccasions(db, [runKey(monday)]);
  return sent.size ? null : monday;
}

export interface DigestResult {
  week: string;
  monday: SchoolDate;
  /** Guardians told now (not counting those told before for this week). */
  told: number;
}

/**
 * The week's counted Focus Block cells of every student (one statement), by student; null when no Focus
 * Block meets that week at all (a holiday week).
 */
async function weekCells(
  db: Db,
  monday: SchoolDate,
  now: Date,
): Promise<{ timezone: string; byStudent: Map<number, AttendanceCellRow[]> | null }> {
  const calendar = await reportCalendar(db);
  const timezone = calendar.timezone || "UTC";
  const sunday = addDays(monday, 6);
  const occurrences = reportOccurrences(
    { ...calendar, timezone, attendanceFrom: attendanceFromDate(calendar.attendanceFrom) },
    monday,
    sunday,
    now,
  );
  if (occurrences.length === 0) return { timezone, byStudent: null };
  const byStudent = new Map<number, AttendanceCellRow[]>();
  const cells = await attendanceCellRows(db, {
    from: monday,
    to: sunday,
    occurrences,
    teacherId: null,
    grade: null,
    clusterId: null,
    studentId: null,
    studentNumbers: "all",
  });
  for (const cell of cells) {
    const list = byStudent.get(cell.student_id);
    if (list) list.push(cell);
    else byStudent.set(cell.student_id, [cell]);
  }
  return { timezone, byStudent };
}

/**
 * Sends one week's summary in one transaction: claims the week's run (a scheduled run that finds it
 * claimed sends nothing; an explicit send-now goes on, and notify leaves out whoever was told).
 */
export async function sendGuardianDigest(
  db: Db,
  monday: SchoolDate,
  now: Date,
  options: { immediate: boolean },
): Promise<DigestResult> {
  const week = isoWeek(monday);
  return db.transaction(async (tx) => {
    const claimed = await claimOccasions(tx, [runKey(monday)]);
    if (claimed.size === 0 && !options.immediate) return { week, monday, told: 0 };
    const guardians = await digestGuardians(tx);
    if (guardians.length === 0) return { week, monday, told: 0 };
    const { timezone, byStudent: cells } = await weekCells(tx, monday, now);
    // A guardian with no recorded language reads the school's.
    const [schoolDefault] = await settingValues(tx, ["default-locale"]);
    const schoolLocale = isShippedLocale(schoolDefault?.value) ? schoolDefault.value : DEFAULT_LOCALE;
    // A week without a Focus Block (a break) is not summarised on schedule; an administrator's send-now still is.
    if (!cells && !options.immediate) return { week, monday, told: 0 };
    const notices: Notice[] = guardians.map((g) => {
      const { subject, content } = guardianDigestContent({
        monday,
        student: { first_name: g.first_name, last_name: g.last_name },
        guardianName: g.name,
        cells: cells?.get(g.student_id) ?? [],
        locale: localeFromRecorded(g.locale) ?? schoolLocale,
        timezone,
      });
      return {
        to: { user_id: null, guardian_id: g.guardian_id, email: g.email, name: g.name },
        kind: "guardian_digest" as const,
        occasion: week,
        subject,
        content,
      };
    });
    const told = await notify(tx, notices, now, { immediate: options.immediate, inApp: false });
    return { week, monday, told };
  });
}
