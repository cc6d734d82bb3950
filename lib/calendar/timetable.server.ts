/* eslint-disable max-lines -- the timetable's save and its checks share one transaction */
import "server-only";
import type { Db } from "@/db";
import { insertAudit } from "@/db/queries/audit";
import { lockCalendar } from "@/db/queries/calendar";
import {
  bellSchedulesWithBlocks,
  blocksWithLabels,
  clearTimetable,
  insertBellScheduleMeetings,
  insertBellSchedules,
  insertBlocks,
  insertTimetableMeetings,
  timetableEffectiveDates,
  timetableInForce,
  timetableMeetingsWithBlocks,
  upsertTimetable,
} from "@/db/queries/calendar-admin";
import { conflict, invalid } from "@/lib/api/errors.server";
import type { Principal } from "@/lib/auth/principal";
import type { SchoolDate } from "@/lib/core/time";
import { WEEKDAY_NAMES } from "./generate";
import { regenerateSchoolDays, type DayTypeChange } from "./regenerate.server";
import { inTransaction } from "./rehearsal.server";
import { attendanceTakenMessage, calendarContext, displayDate, earliestChange } from "./school-days.server";
import { CALENDAR_MESSAGES, FOCUS_BLOCK_LABEL, type TimetableBody } from "./schemas";
import type { SavedTimetable, TimetableView } from "./answers";

/**
 * GET and PUT /api/timetable (docs/design/calendar.md#the-model): a timetable version is a cycle of day types, the blocks
 * with their times on each day type (the regular bell schedule) and alternate bell schedules. A version
 * takes effect from a date and stays in force until the next one; saving one regenerates the school
 * days from that date in the same transaction, and never touches dates attendance rests on.
 */

const hhmm = (time: string) => time.slice(0, 5);
const seconds = (time: string) => (time.length === 5 ? `${time}:00` : time);

export type { TimetableView };

/** GET /api/timetable?date=: the version in force on the date (default today); null fields when none is. */
export async function getTimetable(db: Db, date: SchoolDate | undefined, now: Date): Promise<TimetableView> {
  const context = await calendarContext(db, now);
  const on = date ?? context.today;
  const [version, versions, earliest] = await Promise.all([
    timetableInForce(db, on),
    timetableEffectiveDates(db),
    earliestChange(db, now, context.timezone),
  ]);
  const base = { date: on, versions, earliest_effective_from: earliest };
  if (!version) return { ...base, effective_from: null, cycle: null, blocks: [], bell_schedules: [] };
  const [meetings, alternates] = await Promise.all([
    timetableMeetingsWithBlocks(db, version.id),
    bellSchedulesWithBlocks(db, version.id),
  ]);
  const order = new Map(version.day_types.map((name, index) => [name, index]));
  const blocks = new Map<number, TimetableView["blocks"][number]>();
  for (const m of meetings) {
    const block = blocks.get(m.block_id) ?? { id: m.block_id, label: m.label, flex: m.flex, times: [] };
    block.times.push({ day_type: m.day_type, start: hhmm(m.start), end: hhmm(m.end) });
    blocks.set(m.block_id, block);
  }
  for (const block of blocks.values()) {
    block.times.sort((a, b) => (order.get(a.day_type) ?? 99) - (order.get(b.day_type) ?? 99) || a.start.localeCompare(b.start));
  }
  const bellSchedules = new Map<number, TimetableView["bell_schedules"][number]>();
  for (const row of alternates) {
    const schedule = bellSchedules.get(row.id) ?? { name: row.name, times: [] };
    if (row.label !== null && row.start && row.end) schedule.times.push({ label: row.label, start: hhmm(row.start), end: hhmm(row.end) });
    bellSchedules.set(row.id, schedule);
  }
  return {
    ...base,
    effective_from: version.effective_from,
    cycle: { kind: version.cycle_kind, day_types: version.day_types, first_day_type: version.first_day_type },
    // Meetings come ordered by start: each block sits where it first meets.
    blocks: [...blocks.values()],
    bell_schedules: [...bellSchedules.values()],
  };
}

interface Interval {
  start: string;
  end: string;
  label: string;
  path: string;
}

/** Times that overlap on one day (touching ends are fine): the later of each pair gets the error. */
function overlaps(intervals: Interval[], where: string, errors: Record<string, string[]>) {
  const sorted = [...intervals].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  let latest: Interval | null = null;
  for (const item of sorted) {
    if (latest && item.start < latest.end) {
      add(errors, `${item.path}.start`, `Overlaps ${latest.label} (${latest.start}–${latest.end}) on ${where}.`);
    }
    if (!latest || item.end > latest.end) latest = item;
  }
}

function add(errors: Record<string, string[]>, key: string, message: string) {
  const list = (errors[key] ??= []);
  if (!list.includes(message)) list.push(message);
}

/**
 * The rules one timetable must keep, pure: day types (weekly ones are English weekday names), unique
 * labels and bell schedule names, times that end after they start and do not overlap on a day type, a
 * block meeting at most once on a day type, one check-in block ('Focus Block', flex). Answers the
 * timetable with names spelled as declared, or the field errors.
 */
export function checkTimetable(body: TimetableBody):
  | { errors: Record<string, string[]> }
  | { timetable: TimetableBody & { cycle: { first_day_type: string | null } } } {
  const errors: Record<string, string[]> = {};
  const { kind } = body.cycle;
  const dayTypes: string[] = [];
  const canonical = new Map<string, string>();
  body.cycle.day_types.forEach((raw, i) => {
    let name = raw;
    if (kind === "weekly") {
      const weekday = WEEKDAY_NAMES.find((day) => day.toLowerCase() === raw.toLowerCase());
      if (!weekday) {
        add(errors, `cycle.day_types.${i}`, `"${raw}" is not a weekday: a weekly cycle's day types are weekday names (Monday … Sunday).`);
        return;
      }
      name = weekday;
    }
    if (canonical.has(name.toLowerCase())) {
      add(errors, `cycle.day_types.${i}`, `"${raw}" is listed twice.`);
      return;
    }
    canonical.set(name.toLowerCase(), name);
    dayTypes.push(name);
  });
  const dayType = (raw: string) => canonical.get(raw.toLowerCase());

  let firstDayType: string | null = null;
  if (body.cycle.first_day_type) {
    firstDayType = dayType(body.cycle.first_day_type) ?? null;
    if (!firstDayType)
      add(errors, "cycle.first_day_type", `"${body.cycle.first_day_type}" is not one of the cycle's day types.`);
  }

  const labels = new Map<string, number>();
  const byDayType = new Map<string, Interval[]>();
  const blocks = body.blocks.map((block, b) => {
    const key = block.label.toLowerCase();
    if (labels.has(key)) {
      add(
        errors,
        `blocks.${b}.label`,
        block.label === FOCUS_BLOCK_LABEL
          ? "Only one block can be the Focus Block (the check-in block)."
          : `Another block is already labelled "${block.label}".`,
      );
    } else labels.set(key, b);
    const isFocus = block.label === FOCUS_BLOCK_LABEL && block.flex;
    const seen = new Set<string>();
    const times = block.times.map((time, t) => {
      const path = `blocks.${b}.times.${t}`;
      const name = dayType(time.day_type);
      if (!name) add(errors, `${path}.day_type`, `"${time.day_type}" is not one of the cycle's day types.`);
      if (time.end <= time.start) add(errors, `${path}.end`, CALENDAR_MESSAGES.endAfterStart);
      if (name) {
        if (seen.has(name)) {
          add(
            errors,
            `${path}.day_type`,
            isFocus
              ? `The Focus Block is the check-in block: it can meet only once on ${name}.`
              : `${block.label} meets twice on ${name}: a block meets at most once on a day type.`,
          );
        }
        seen.add(name);
        if (time.end > time.start) {
          const list = byDayType.get(name) ?? [];
          list.push({ start: time.start, end: time.end, label: block.label, path });
          byDayType.set(name, list);
        }
      }
      return { day_type: name ?? time.day_type, start: time.start, end: time.end };
    });
    return { ...block, times };
  });
  for (const [name, intervals] of byDayType) overlaps(intervals, name, errors);

  const scheduleNames = new Set<string>();
  const bellSchedules = (body.bell_schedules ?? []).map((schedule, s) => {
    const key = schedule.name.toLowerCase();
    if (scheduleNames.has(key)) add(errors, `bell_schedules.${s}.name`, `Another bell schedule is already named "${schedule.name}".`);
    scheduleNames.add(key);
    const listed = new Set<string>();
    // Blocks that never meet on the same day type may share times: overlaps are checked per day type.
    const intervals = new Map<string, Interval[]>();
    const times = schedule.times.map((time, t) => {
      const path = `bell_schedules.${s}.times.${t}`;
      const index = labels.get(time.label.toLowerCase());
      const label = index === undefined ? time.label : body.blocks[index]!.label;
      if (index === undefined) add(errors, `${path}.label`, `"${time.label}" is not one of the timetable's blocks.`);
      else if (listed.has(label)) add(errors, `${path}.label`, `${label} is listed twice in this bell schedule.`);
      listed.add(label);
      if (time.end <= time.start) add(errors, `${path}.end`, CALENDAR_MESSAGES.endAfterStart);
      else if (index !== undefined) {
        for (const meeting of blocks[index]!.times) {
          const list = intervals.get(meeting.day_type) ?? [];
          list.push({ start: time.start, end: time.end, label, path });
          intervals.set(meeting.day_type, list);
        }
      }
      return { label, start: time.start, end: time.end };
    });
    for (const [name, list] of intervals) overlaps(list, `${name} in ${schedule.name}`, errors);
    return { name: schedule.name, times };
  });

  if (Object.keys(errors).length) return { errors };
  return {
    timetable: {
      effective_from: body.effective_from,
      cycle: { kind, day_types: dayTypes, first_day_type: kind === "rotation" ? firstDayType : null },
      blocks,
      bell_schedules: bellSchedules,
    },
  };
}

/** The sentence a save that would move day types without confirmation answers with. */
export function unconfirmedChangesMessage(changes: readonly DayTypeChange[]): string {
  const first = changes[0]!;
  const days = changes.length === 1 ? "1 school day" : `${changes.length.toLocaleString("en-US")} school days`;
  return (
    `This changes the day type of ${days}, from ${displayDate(first.date)} (${first.from} becomes ${first.to ?? "no school"}). ` +
    "Look at the dates first (dry_run: true), then save with confirm_day_type_changes: true."
  );
}

/**
 * PUT /api/timetable: checks the timetable (checkTimetable, and that its effective date is not before
 * the first date attendance does not rest on), then in one transaction writes the version effective on
 * that date (replacing one already there; later versions stay), matches each block to the existing
 * block with its label and flex (so it keeps its id and its history) or creates it, and regenerates the
 * school days from the effective date. A rotation goes on through the new version unless it names its
 * first day type (lib/calendar/generate.ts continuedPosition): new times or a late-start bell schedule
 * never move the cycle. A save that moves the day type of any school day answers 409 unless
 * `confirm_day_type_changes` is true; `dry_run: true` answers those dates (`day_type_changes`) and writes
 * nothing. Answers the saved timetable, how many school days were written and the dates whose day type moved.
 */
export async function putTimetable(db: Db, principal: Principal, body: TimetableBody, now: Date): Promise<SavedTimetable> {
  if (body.dry_run !== true) return saveTimetable(db, principal, body, now);
  const result = await writeTimetable(db, principal, body, now, true);
  return { dry_run: true as const, effective_from: result.effective_from, ...changesOf(result) };
}

const changesOf = (result: { days: number; dayTypeChanges: DayTypeChange[] }) => ({
  regenerated_days: result.days,
  day_type_changes: result.dayTypeChanges,
});

/** PUT /api/timetable's save (dry_run aside): the saved timetable, as GET answers it, and what changed. */
export async function saveTimetable(db: Db, principal: Principal, body: TimetableBody, now: Date) {
  const result = await writeTimetable(db, principal, body, now, false);
  return { ...(await getTimetable(db, result.effective_from, now)), ...changesOf(result) };
}

async function writeTimetable(db: Db, principal: Principal, body: TimetableBody, now: Date, dryRun: boolean) {
  const checked = checkTimetable(body);
  if ("errors" in checked) throw invalid(checked.errors, Object.values(checked.errors)[0]![0]);
  const timetable = checked.timetable;
  const regenerated = await inTransaction(db, dryRun, async (tx) => {
    await lockCalendar(tx);
    const context = await calendarContext(tx, now);
    const earliest = await earliestChange(tx, now, context.timezone);
    if (earliest && timetable.effective_from < earliest) {
      const message = attendanceTakenMessage(earliest, "timetable");
      throw invalid({ effective_from: [message] }, message);
    }
    const blockIds = await resolveBlocks(tx, timetable.blocks);
    const timetableId = await upsertTimetable(
      tx,
      {
        effective_from: timetable.effective_from,
        cycle_kind: timetable.cycle.kind,
        day_types: timetable.cycle.day_types,
        first_day_type: timetable.cycle.first_day_type,
      },
      now,
    );
    await clearTimetable(tx, timetableId);
    await insertTimetableMeetings(
      tx,
      timetable.blocks.flatMap((block) =>
        block.times.map((time) => ({
          timetable_id: timetableId,
          block_id: blockIds.get(block.label)!,
          day_type: time.day_type,
          start: seconds(time.start),
          end: seconds(time.end),
        })),
      ),
    );
    const schedules = await insertBellSchedules(
      tx,
      (timetable.bell_schedules ?? []).map((schedule) => ({ timetable_id: timetableId, name: schedule.name })),
    );
    const scheduleIds = new Map(schedules.map((row) => [row.name, row.id]));
    await insertBellScheduleMeetings(
      tx,
      (timetable.bell_schedules ?? []).flatMap((schedule) =>
        schedule.times.map((time) => ({
          bell_schedule_id: scheduleIds.get(schedule.name)!,
          block_id: blockIds.get(time.label)!,
          start: seconds(time.start),
          end: seconds(time.end),
        })),
      ),
    );
    const result = await regenerateSchoolDays(tx, now, timetable.effective_from);
    if (dryRun) return result;
    if (result.dayTypeChanges.length > 0 && body.confirm_day_type_changes !== true) {
      throw conflict("day_type_changes_unconfirmed", unconfirmedChangesMessage(result.dayTypeChanges));
    }
    await insertAudit(tx, {
      actor_user_id: principal.user.id,
      action: "timetable.update",
      details: {
        effective_from: timetable.effective_from,
        cycle: timetable.cycle.kind,
        day_types: timetable.cycle.day_types,
        first_day_type: timetable.cycle.first_day_type,
        blocks: timetable.blocks.map((block) => block.label),
        bell_schedules: (timetable.bell_schedules ?? []).map((schedule) => schedule.name),
        regenerated_days: result.days,
        day_type_changes: result.dayTypeChanges.length,
      },
      created_at: now,
    });
    return result;
  });
  return { ...regenerated, effective_from: timetable.effective_from };
}

/** Each label's block id: the oldest block with that label and flex, or a new one (no block row is ever deleted). */
async function resolveBlocks(db: Db, blocks: { label: string; flex: boolean }[]) {
  const existing = await blocksWithLabels(
    db,
    blocks.map((block) => block.label),
  );
  const ids = new Map<string, number>();
  for (const block of blocks) {
    const match = existing.find((row) => row.label === block.label && row.flex === block.flex);
    if (match) ids.set(block.label, match.id);
  }
  const created = await insertBlocks(
    db,
    blocks.filter((block) => !ids.has(block.label)).map((block) => ({ label: block.label, flex: block.flex })),
  );
  for (const row of created) ids.set(row.label, row.id);
  return ids;
}
