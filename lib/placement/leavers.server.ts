import "server-only";
import type { Db } from "@/db";
import { insertAudits } from "@/db/queries/audit";
import { lockLeavers, placeReleased, releasePlans, type PlacedAgain, type ReleasedPlan } from "@/db/queries/leavers";
import { insertStudentNotices } from "@/db/queries/notifications";
import { flexMeetings } from "@/db/queries/placement";
import { deleteWaitlistsOfStaff } from "@/db/queries/waitlist";
import { staffName } from "@/lib/people/names";
import { schoolCalendarSettings } from "@/lib/settings/service.server";
import { tellMoved } from "@/lib/schedule/moved.server";
import type { StudentWords } from "@/lib/reach/student-words";
import { dayLabel, isPending, schoolToday } from "@/lib/core/time";

/**
 * Staff who left (disabled in the Credentials Manager, or locked by the SIS because it no longer lists
 * them) take no students: lists, placement and bookings leave them out (db/queries/staff-ref.ts
 * staffStillHere). Their plans still ahead are released in the transaction that locks their accounts,
 * each student is told why in a message on their page, and where a date has been placed already (its
 * cutoff passed, so no run is still to come) the student is placed again by default placement's rules;
 * dates before their cutoff are placed by the run as usual. Re-enabling an account gives no plan back.
 */

/** Why the teacher is gone, as the students' message says it. */
export type LeavingReason = "disabled" | "left_sis";
const REASONS: Record<LeavingReason, string> = {
  disabled: "their account was disabled",
  left_sis: "the school's records list them as having left",
};

export interface LeaversResult {
  plans_released: number;
  placed_again: number;
}

const planKey = (p: { student_id: number; block_id: number; date: string }) => `${p.student_id}|${p.block_id}|${p.date}`;

function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** The most dates a message names; the rest are counted. */
const LISTED_DATES = 4;

const dateWords = (date: string) => {
  const label = dayLabel(date, "");
  return `${label.day} ${label.full_date}`;
};

/** "Tue Dec 8, 2026", "Tue Dec 8, 2026 and Wed Dec 9, 2026", "…, … and 3 more dates". */
function datesWords(dates: string[]): string {
  const unique = [...new Set(dates)].sort();
  const listed = unique.slice(0, LISTED_DATES).map(dateWords);
  const more = unique.length - listed.length;
  if (more > 0) return `${listed.join(", ")} and ${more} more ${more === 1 ? "date" : "dates"}`;
  return listed.length <= 1 ? (listed[0] ?? "") : `${listed.slice(0, -1).join(", ")} and ${listed[listed.length - 1]}`;
}

/** One student's message: which plans were cancelled and why, where they were placed again, what is left to choose. */
export function leaverNotice(released: ReleasedPlan[], placed: PlacedAgain[], reason: LeavingReason): string {
  const sentences: string[] = [];
  for (const plans of groupBy(released, (p) => p.staff.id).values()) {
    const many = new Set(plans.map((p) => `${p.block_id}|${p.date}`)).size > 1;
    sentences.push(
      `${staffName(plans[0]!.staff)} no longer takes students (${REASONS[reason]}), so your ${many ? "plans" : "plan"} with them for ${datesWords(plans.map((p) => p.date))} ${many ? "were" : "was"} cancelled.`,
    );
  }
  const placedKeys = new Set(placed.map(planKey));
  for (const plans of groupBy(placed, (p) => p.staff.id).values()) {
    sentences.push(`Default placement gave you ${staffName(plans[0]!.staff)}, your default teacher, for ${datesWords(plans.map((p) => p.date))}.`);
  }
  const open = released.filter((p) => !placedKeys.has(planKey(p)));
  if (open.length > 0) sentences.push(`Choose another teacher for ${datesWords(open.map((p) => p.date))}.`);
  return sentences.join(" ");
}

/** The same message in a student's French or Spanish (their email and push; catalogue namespace "notices", `left`). */
function leaverNoticeIn(words: StudentWords, released: ReleasedPlan[], placed: PlacedAgain[], reason: LeavingReason): string {
  const { t } = words;
  const dates = (list: string[]) => {
    const unique = [...new Set(list)].sort();
    const listed = unique.slice(0, LISTED_DATES).map(words.long);
    const more = unique.length - listed.length;
    return more > 0 ? t("left.moreDates", { dates: listed.join(", "), more }) : words.list(listed);
  };
  const sentences: string[] = [];
  for (const plans of groupBy(released, (p) => p.staff.id).values()) {
    const many = new Set(plans.map((p) => `${p.block_id}|${p.date}`)).size > 1;
    const values = { staff: staffName(plans[0]!.staff), reason: t(`left.reason.${reason}`), dates: dates(plans.map((p) => p.date)) };
    sentences.push(many ? t("left.releasedMany", values) : t("left.releasedOne", values));
  }
  const placedKeys = new Set(placed.map(planKey));
  for (const plans of groupBy(placed, (p) => p.staff.id).values()) {
    sentences.push(t("left.placedAgain", { staff: staffName(plans[0]!.staff), dates: dates(plans.map((p) => p.date)) }));
  }
  const open = released.filter((p) => !placedKeys.has(planKey(p)));
  if (open.length > 0) sentences.push(t("left.chooseAnother", { dates: dates(open.map((p) => p.date)) }));
  return sentences.join(" ");
}

/**
 * Releases the pending plans of the staff among `userIds` whose accounts are locked now, in the caller's
 * transaction (after it locked them): a fixed number of statements, whatever the plans and students.
 */
export async function releasePlansOfLeavers(
  tx: Db,
  input: { userIds: number[]; reason: LeavingReason; actorUserId: number | null },
  now: Date,
): Promise<LeaversResult> {
  const leavers = await lockLeavers(tx, input.userIds);
  if (leavers.length === 0) return { plans_released: 0, placed_again: 0 };
  const { timezone } = await schoolCalendarSettings(tx);
  const today = schoolToday(timezone, now);
  const pendingToday = (await flexMeetings(tx, today, today))
    .filter((m) => isPending(today, m.end, timezone, now))
    .map((m) => m.block_id);
  // Nobody waits for a teacher who takes nobody: their seats will never free.
  await deleteWaitlistsOfStaff(tx, leavers.map((l) => l.id), today);
  const released = await releasePlans(tx, { staffIds: leavers.map((l) => l.id), today, pendingToday });
  if (released.length === 0) return { plans_released: 0, placed_again: 0 };
  const placed = await placeReleased(tx, released);

  const releasedBy = groupBy(released, (p) => p.student_id);
  const placedBy = groupBy(placed, (p) => p.student_id);
  const notices = [...releasedBy.entries()].map(([id, plans]) => ({
    student_id: id,
    body: leaverNotice(plans, placedBy.get(id) ?? [], input.reason),
    textIn: (words: StudentWords) => leaverNoticeIn(words, plans, placedBy.get(id) ?? [], input.reason),
    dates: plans.map((p) => p.date),
  }));
  await insertStudentNotices(tx, notices, { initials: "FB", color: "indigo", created_at: now });
  // The same words by email and push, once per student and leaving.
  const occasion = `left:${leavers.map((l) => l.id).sort((a, b) => a - b).join(",")}:${today}`;
  await tellMoved(
    tx,
    notices.map((n) => ({ student_id: n.student_id, occasion, change: { kind: "released" as const, text: n.body, textIn: n.textIn, dates: n.dates } })),
    now,
    { inApp: false },
  );
  // Each leaver's release is audited: who, how many plans and students, how many placed again, why.
  const userOf = new Map(leavers.map((l) => [l.id, l.user_id]));
  const placedKeys = new Set(placed.map(planKey));
  await insertAudits(
    tx,
    [...groupBy(released, (p) => p.staff.id).entries()].map(([staffId, plans]) => ({
      actor_user_id: input.actorUserId,
      action: "staff.plans_released",
      target_user_id: userOf.get(staffId) ?? null,
      details: {
        teacher: staffName(plans[0]!.staff),
        plans: plans.length,
        students: new Set(plans.map((p) => p.student_id)).size,
        placed_again: plans.filter((p) => placedKeys.has(planKey(p))).length,
        reason: REASONS[input.reason],
      },
      created_at: now,
    })),
  );
  return { plans_released: released.length, placed_again: placed.length };
}
