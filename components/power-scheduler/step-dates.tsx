"use client";

import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DatePicker, fromIsoDate } from "@/components/ui/date-picker";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import { addDays, dayOfWeek } from "@/lib/core/time";
import { StepButtons } from "./stepper";
import type { SchedulerAction, SchedulerState, StatePatch } from "./use-scheduler-state";

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** The weekdays any of the chosen blocks meets (what a range can cover). */
export function meetingDays(options: PowerSchedulerOptions, blockIds: readonly number[] | null) {
  const days = new Set<number>();
  for (const block of options.blocks)
    if (!blockIds || blockIds.includes(block.id)) block.days.forEach((d) => days.add(d));
  return [...days].sort((a, b) => a - b);
}

/**
 * The chosen dates on which none of the chosen blocks meets, as the step says it ("Clubs does not meet
 * on Mon, Nov 23."), or null when some chosen block meets on some chosen day (the dates the school
 * calendar gives each block; on a rotation a block meets on some Tuesdays and not others).
 */
export function noMeetingProblem(
  options: PowerSchedulerOptions,
  state: Pick<SchedulerState, "from" | "to" | "weekdays" | "blockIds"> & {
    dayTypes?: SchedulerState["dayTypes"];
  },
): string | null {
  if (!state.from) return null;
  const chosen = options.blocks.filter((b) => !state.blockIds || state.blockIds.includes(b.id));
  if (chosen.length === 0) return null;
  const to = state.to && state.to > state.from ? state.to : state.from;
  const meets = meetingDates(options, state.blockIds);
  const typeOf = dayTypeOf(options);
  for (let date = state.from, n = 0; date <= to && n < 400; date = addDays(date, 1), n++) {
    const weekday = dayOfWeek(date);
    const typeChosen = !state.dayTypes || state.dayTypes.includes(typeOf.get(date) ?? "");
    if (meets(date) && typeChosen && (!state.weekdays || state.weekdays.includes(weekday))) return null;
  }
  const names = chosen.map((b) => b.label);
  const which = names.length === 1 ? `${names[0]} does not` : `None of ${names.join(", ")}`;
  const when = to === state.from ? dayLabel(state.from) : `${dayLabel(state.from)} – ${dayLabel(to)}`;
  return `${which} meet${names.length === 1 ? "" : "s"} on ${when}. Choose another date or block.`;
}

const dayLabel = (iso: string) =>
  fromIsoDate(iso)!.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });

/** Whether any of the chosen blocks meets on a date (the school calendar's dates, from today). */
export function meetingDates(options: PowerSchedulerOptions, blockIds: readonly number[] | null) {
  const dates = new Set<string>();
  for (const block of options.blocks)
    if (!blockIds || blockIds.includes(block.id)) (block.dates ?? []).forEach((d) => dates.add(d));
  return (date: string) => dates.has(date);
}

/** The rotation's day type of each school day from today. */
const dayTypeOf = (options: PowerSchedulerOptions) =>
  new Map((options.day_types ?? []).map((d) => [d.date, d.day_type]));

/** The day types of the rotation from `from` to `to`, in the order the rotation first meets them. */
export function dayTypesIn(options: PowerSchedulerOptions, from: string | null, to: string | null): string[] {
  if (!from) return [];
  const last = to && to > from ? to : from;
  const types = (options.day_types ?? [])
    .filter((d) => d.date >= from && d.date <= last)
    .map((d) => d.day_type);
  return [...new Set(types)];
}

/** The first date from the school's today on which a flex block meets (the date step starts there). */
export function firstMeetingDate(options: PowerSchedulerOptions): string {
  const first = options.blocks.flatMap((block) => (block.dates ?? []).slice(0, 1)).sort()[0];
  return first ?? options.today;
}

/**
 * Step 2: the start date (the spec's picker), an optional end date, which weekdays of the range
 * (and, on a rotation, which day types: "every Day 2"), and which flex blocks. Every weekday, day
 * type and flex block is chosen until one is unticked (sent as "all": null).
 */
// eslint-disable-next-line max-lines-per-function -- the step's choices derive from one state; each list is a TickList
export function StepDates({
  state,
  dispatch,
  options,
}: {
  state: SchedulerState;
  dispatch: (action: SchedulerAction) => void;
  options: PowerSchedulerOptions;
}) {
  const set = (patch: StatePatch) => dispatch({ type: "set", patch });
  const allBlocks = options.blocks.map((b) => b.id);
  const blocks = state.blockIds ?? allBlocks;
  const days = meetingDays(options, state.blockIds);
  const weekdays = state.weekdays ?? days;
  const types = dayTypesIn(options, state.from, state.to);
  const chosenTypes = state.dayTypes ?? types;
  const range = Boolean(state.from && state.to && state.to > state.from);
  const problem = noMeetingProblem(options, state);
  const ready =
    Boolean(state.from) &&
    blocks.length > 0 &&
    !problem &&
    (!range || weekdays.some((d) => days.includes(d))) &&
    (!range || types.length === 0 || chosenTypes.some((t) => types.includes(t)));

  function toggleBlock(id: number, on: boolean) {
    const next = on ? [...blocks, id] : blocks.filter((b) => b !== id);
    set({ blockIds: next.length === allBlocks.length ? null : allBlocks.filter((b) => next.includes(b)) });
  }
  function toggleType(type: string, on: boolean) {
    const next = on ? [...chosenTypes, type] : chosenTypes.filter((t) => t !== type);
    set({ dayTypes: types.every((t) => next.includes(t)) ? null : types.filter((t) => next.includes(t)) });
  }
  function toggleDay(day: number, on: boolean) {
    const next = on ? [...weekdays, day] : weekdays.filter((d) => d !== day);
    set({ weekdays: days.every((d) => next.includes(d)) ? null : [...new Set(next)].sort((a, b) => a - b) });
  }

  if (options.blocks.length === 0) {
    return (
      <p className="text-sm text-slate-700">
        No flex blocks are set up yet, so there is nothing to schedule.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <DatePicker
          label="Start date"
          value={state.from}
          min={options.year_start}
          max={options.year_end}
          today={options.today}
          onChange={(from) => set({ from, to: state.to && state.to < from ? from : (state.to ?? from) })}
        />
        <DatePicker
          label="End date"
          value={state.to ?? state.from}
          min={state.from ?? options.year_start}
          max={options.year_end}
          today={options.today}
          disabled={!state.from}
          placeholder="Same as the start"
          onChange={(to) => set({ to })}
        />
      </div>
      {range && (
        <TickList
          legend="Weekdays"
          items={days.map((day) => ({ value: day, label: WEEKDAY_NAMES[day]! }))}
          ticked={weekdays}
          onTick={toggleDay}
        />
      )}
      {range && types.length > 1 && (
        <TickList
          legend="Day types"
          hint="Untick a day type to book only the others, for example every Day 2."
          items={types.map((type) => ({ value: type, label: type }))}
          ticked={chosenTypes}
          onTick={toggleType}
        />
      )}
      <TickList
        legend="Flex blocks"
        items={options.blocks.map((block) => ({
          value: block.id,
          label: `${block.label} (${block.days.map((d) => WEEKDAY_NAMES[d]!.slice(0, 3)).join(", ")})`,
        }))}
        ticked={blocks}
        onTick={toggleBlock}
        error={blocks.length === 0 ? "Choose at least one block." : undefined}
      />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <StepButtons>
        <Button variant="secondary" onClick={() => dispatch({ type: "back" })}>
          Back
        </Button>
        <Button disabled={!ready} onClick={() => dispatch({ type: "next" })}>
          Next
        </Button>
      </StepButtons>
    </div>
  );
}

/** A labelled group of checkboxes, one a choice (weekdays, day types, flex blocks). */
function TickList<T extends string | number>({
  legend,
  hint,
  items,
  ticked,
  onTick,
  error,
}: {
  legend: string;
  hint?: string;
  items: { value: T; label: string }[];
  ticked: readonly T[];
  onTick: (value: T, on: boolean) => void;
  error?: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {hint && <p className="mt-1 text-sm text-slate-600">{hint}</p>}
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
        {items.map((item) => (
          <Checkbox
            key={item.value}
            label={item.label}
            checked={ticked.includes(item.value)}
            onCheckedChange={(on) => onTick(item.value, on)}
          />
        ))}
      </div>
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
