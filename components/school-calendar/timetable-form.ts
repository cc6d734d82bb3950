import { z } from "zod";
import {
  CALENDAR_MESSAGES,
  FOCUS_BLOCK_LABEL,
  timetableBody,
  type TimetableBody,
} from "@/lib/calendar/schemas";
import type { Timetable } from "./api-types";

/**
 * The Bell schedule form and PUT /api/timetable's body. The form keeps a grid (blocks × day types)
 * keyed by stable keys, so renaming a day type or switching between weekly and rotation keeps what was
 * typed; the body lists only the cells that meet. The request's schema (lib/calendar/schemas) checks
 * the body the form would send, and its messages land on the cells they are about.
 */

/** Weekly day types in the order a week reads at school. */
export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export const SCHOOL_WEEK = WEEKDAYS.slice(0, 5) as string[];

export const TIMETABLE_MESSAGES = {
  bothTimes: "Enter the start and the end, or leave both empty.",
  sameLabel: "Another block has this label.",
  sameDayType: "Another day type has this name.",
  sameSchedule: "Another bell schedule has this name.",
  focusBlockFlex: `The ${FOCUS_BLOCK_LABEL} is the check-in block: tick Flex.`,
} as const;

const cell = z.object({ start: z.string(), end: z.string() });
export type TimeCell = z.infer<typeof cell>;

const formShape = z.object({
  effective_from: z.string(),
  kind: z.enum(["weekly", "rotation"]),
  weekdays: z.array(z.string()),
  rotation: z.array(z.object({ key: z.string(), name: z.string() })),
  /**
   * The key of the day type a rotation starts at, or "": no first day type (the cycle goes on from the
   * day before; the first in the list when nothing comes before).
   */
  first_day_type: z.string(),
  blocks: z.array(
    z.object({ key: z.string(), label: z.string(), flex: z.boolean(), times: z.record(z.string(), cell) }),
  ),
  bell_schedules: z.array(z.object({ key: z.string(), name: z.string(), times: z.record(z.string(), cell) })),
});
export type TimetableFormValues = z.infer<typeof formShape>;

let counter = 0;
/** A key for a new row: stable while the row lives, never a number (react-hook-form reads those as indexes). */
export const newKey = (prefix: string) =>
  `${prefix}${(++counter).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Column {
  key: string;
  name: string;
}

/** The day types the grid shows, in order: the chosen weekdays, or the rotation's names. */
export function columnsOf(values: Pick<TimetableFormValues, "kind" | "weekdays" | "rotation">): Column[] {
  if (values.kind === "weekly")
    return WEEKDAYS.filter((day) => values.weekdays.includes(day)).map((day) => ({ key: day, name: day }));
  return values.rotation.map((row) => ({ key: row.key, name: row.name.trim() }));
}

const filled = (c: TimeCell | undefined): c is TimeCell => Boolean(c && (c.start || c.end));
const complete = (c: TimeCell | undefined): c is TimeCell => Boolean(c && c.start && c.end);

/** A form for a school with no timetable yet: Monday to Friday, and the Focus Block to fill in. */
export function emptyTimetableForm(effectiveFrom: string): TimetableFormValues {
  return {
    effective_from: effectiveFrom,
    kind: "weekly",
    weekdays: [...SCHOOL_WEEK],
    rotation: ["Day 1", "Day 2"].map((name) => ({ key: newKey("d"), name })),
    first_day_type: "",
    blocks: [{ key: newKey("b"), label: FOCUS_BLOCK_LABEL, flex: true, times: {} }],
    bell_schedules: [],
  };
}

/**
 * The form for a timetable the API answered with (times as HH:MM); the empty form when none is in force.
 * Edited in place (the same effective date), it keeps its first day type; as a new version from another
 * date, it has none: the cycle goes on (a late start or new times must never move it).
 */
export function timetableToForm(timetable: Timetable, effectiveFrom: string): TimetableFormValues {
  const empty = emptyTimetableForm(effectiveFrom);
  const cycle = timetable.cycle;
  if (!cycle) return empty;
  const weekly = cycle.kind === "weekly";
  const rotation = weekly ? empty.rotation : cycle.day_types.map((name) => ({ key: newKey("d"), name }));
  const keyOfDayType = new Map(
    weekly ? cycle.day_types.map((d) => [d, d]) : rotation.map((r) => [r.name, r.key]),
  );
  const blocks = timetable.blocks.map((block) => ({
    key: newKey("b"),
    label: block.label,
    flex: block.flex,
    times: Object.fromEntries(
      block.times.flatMap((t) => {
        const key = keyOfDayType.get(t.day_type);
        return key ? [[key, { start: hhmm(t.start), end: hhmm(t.end) }]] : [];
      }),
    ),
  }));
  const keyOfLabel = new Map(blocks.map((b) => [b.label, b.key]));
  return {
    effective_from: effectiveFrom,
    kind: cycle.kind,
    weekdays: weekly ? cycle.day_types : empty.weekdays,
    rotation,
    first_day_type:
      (!weekly && effectiveFrom === timetable.effective_from && keyOfDayType.get(cycle.first_day_type ?? "")) || "",
    blocks,
    bell_schedules: timetable.bell_schedules.map((schedule) => ({
      key: newKey("s"),
      name: schedule.name,
      times: Object.fromEntries(
        schedule.times.flatMap((t) => {
          const key = keyOfLabel.get(t.label);
          return key ? [[key, { start: hhmm(t.start), end: hhmm(t.end) }]] : [];
        }),
      ),
    })),
  };
}

/** "08:30:00" → "08:30". */
const hhmm = (time: string) => time.slice(0, 5);

/**
 * The request the form sends, and where each of its paths is shown in the form
 * (`blocks.0.times.1.end` → `blocks.0.times.<day type key>.end`); null for a path no field shows.
 */
export function toTimetableBody(values: TimetableFormValues): {
  body: TimetableBody;
  formPath: (path: string) => string | null;
} {
  const columns = columnsOf(values);
  const rotation = values.kind === "rotation";
  const paths = new Map<string, string>([
    ["effective_from", "effective_from"],
    ["cycle.kind", "kind"],
    ["cycle", rotation ? "rotation" : "weekdays"],
    ["cycle.day_types", rotation ? "rotation" : "weekdays"],
    ["cycle.first_day_type", "first_day_type"],
    ["blocks", "blocks"],
    ["bell_schedules", "bell_schedules"],
  ]);
  columns.forEach((column, j) =>
    paths.set(`cycle.day_types.${j}`, rotation ? `rotation.${j}.name` : "weekdays"),
  );

  const blocks = values.blocks.map((block, i) => {
    paths.set(`blocks.${i}`, `blocks.${i}.row`);
    paths.set(`blocks.${i}.label`, `blocks.${i}.label`);
    paths.set(`blocks.${i}.flex`, `blocks.${i}.row`);
    paths.set(`blocks.${i}.times`, `blocks.${i}.row`);
    const meets = columns.filter((column) => complete(block.times[column.key]));
    meets.forEach((column, j) =>
      cellPaths(paths, `blocks.${i}.times.${j}`, `blocks.${i}.times.${column.key}`, "day_type"),
    );
    return {
      label: block.label,
      flex: block.flex,
      times: meets.map((column) => ({ day_type: column.name, ...block.times[column.key]! })),
    };
  });

  const bellSchedules = values.bell_schedules.map((schedule, i) => {
    paths.set(`bell_schedules.${i}`, `bell_schedules.${i}.name`);
    paths.set(`bell_schedules.${i}.name`, `bell_schedules.${i}.name`);
    paths.set(`bell_schedules.${i}.times`, `bell_schedules.${i}.name`);
    const kept = values.blocks.filter((block) => complete(schedule.times[block.key]));
    kept.forEach((block, j) =>
      cellPaths(paths, `bell_schedules.${i}.times.${j}`, `bell_schedules.${i}.times.${block.key}`, "label"),
    );
    return {
      name: schedule.name,
      times: kept.map((block) => ({ label: block.label, ...schedule.times[block.key]! })),
    };
  });

  const first = rotation ? values.rotation.find((row) => row.key === values.first_day_type) : undefined;
  const body: TimetableBody = {
    effective_from: values.effective_from,
    cycle: {
      kind: values.kind,
      day_types: columns.map((column) => column.name),
      ...(rotation ? { first_day_type: first?.name.trim() || null } : {}),
    },
    blocks,
    bell_schedules: bellSchedules,
  };
  return { body, formPath: (path) => longestPrefix(paths, path) };
}

function cellPaths(paths: Map<string, string>, body: string, form: string, nameField: string) {
  paths.set(body, `${form}.cell`);
  paths.set(`${body}.${nameField}`, `${form}.cell`);
  paths.set(`${body}.start`, `${form}.start`);
  paths.set(`${body}.end`, `${form}.end`);
}

function longestPrefix(paths: ReadonlyMap<string, string>, path: string): string | null {
  const parts = path.split(".");
  for (let length = parts.length; length > 0; length--) {
    const found = paths.get(parts.slice(0, length).join("."));
    if (found) return found;
  }
  return null;
}

type Issue = { path: (string | number)[]; message: string };

/** Rules of the grid itself: both times or neither, the end after the start, names that differ. */
function gridIssues(values: TimetableFormValues): Issue[] {
  const issues: Issue[] = [];
  const columns = columnsOf(values);
  const checkCell = (c: TimeCell | undefined, path: (string | number)[]) => {
    if (!filled(c)) return;
    if (!c.start || !c.end)
      issues.push({ path: [...path, c.start ? "end" : "start"], message: TIMETABLE_MESSAGES.bothTimes });
    else if (c.end <= c.start)
      issues.push({ path: [...path, "end"], message: CALENDAR_MESSAGES.endAfterStart });
  };
  const seen = new Set<string>();
  values.blocks.forEach((block, i) => {
    const label = block.label.trim().toLowerCase();
    if (label && seen.has(label))
      issues.push({ path: ["blocks", i, "label"], message: TIMETABLE_MESSAGES.sameLabel });
    seen.add(label);
    if (block.label.trim() === FOCUS_BLOCK_LABEL && !block.flex)
      issues.push({ path: ["blocks", i, "row"], message: TIMETABLE_MESSAGES.focusBlockFlex });
    for (const column of columns) checkCell(block.times[column.key], ["blocks", i, "times", column.key]);
  });
  values.bell_schedules.forEach((schedule, i) => {
    for (const block of values.blocks)
      checkCell(schedule.times[block.key], ["bell_schedules", i, "times", block.key]);
  });
  if (values.kind === "rotation")
    duplicates(
      values.rotation.map((r) => r.name),
      ["rotation"],
      "name",
      TIMETABLE_MESSAGES.sameDayType,
      issues,
    );
  duplicates(
    values.bell_schedules.map((s) => s.name),
    ["bell_schedules"],
    "name",
    TIMETABLE_MESSAGES.sameSchedule,
    issues,
  );
  return issues;
}

function duplicates(
  names: string[],
  list: (string | number)[],
  field: string,
  message: string,
  issues: Issue[],
) {
  const seen = new Set<string>();
  names.forEach((name, i) => {
    const key = name.trim().toLowerCase();
    if (key && seen.has(key)) issues.push({ path: [...list, i, field], message });
    seen.add(key);
  });
}

/** The form's schema: the grid's own rules, then the request's schema on the body it would send. */
export const timetableForm = formShape.superRefine((values, ctx) => {
  const issues = gridIssues(values);
  const taken = new Set(issues.map((issue) => issue.path.join(".")));
  const { body, formPath } = toTimetableBody(values);
  const checked = timetableBody.safeParse(body);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const path = formPath(issue.path.join(".")) ?? "root.server";
      if (!taken.has(path)) issues.push({ path: path.split("."), message: issue.message });
      taken.add(path);
    }
  }
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path, message: issue.message });
});
