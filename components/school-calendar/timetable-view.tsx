"use client";

import { clockLabel } from "@/lib/core/time";
import type { Timetable } from "./api-types";
import { mediumDateLabel } from "./month";
import { WEEKDAYS } from "./timetable-form";

const span = (time: { start: string; end: string }) => `${clockLabel(time.start)} – ${clockLabel(time.end)}`;

/** "Day 1, Day 2 and Day 3". */
const listed = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The bell schedule for staff who may not change it (teachers): the cycle, each block's times on each
 * day type, and the alternate bell schedules, as text. Administrators get the form instead.
 */
export function TimetableView({ timetable }: { timetable: Timetable }) {
  const cycle = timetable.cycle;
  if (!cycle) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-4 text-sm text-slate-600">
        The school has no bell schedule yet. An administrator sets it up.
      </p>
    );
  }
  const dayTypes =
    cycle.kind === "weekly" ? WEEKDAYS.filter((day) => cycle.day_types.includes(day)) : cycle.day_types;
  return (
    <div className="flex min-w-0 flex-col gap-8">
      <section aria-labelledby="cycle-heading" className="flex flex-col gap-1 text-sm text-slate-700">
        <h2 id="cycle-heading" className="text-base font-semibold text-slate-900">
          Cycle
        </h2>
        <p>
          {cycle.kind === "weekly"
            ? `Weekly: each weekday has its own blocks (${listed(dayTypes)}).`
            : `A rotation of ${listed(dayTypes)}: one day type per school day, taking turns; days without school are skipped.`}
        </p>
        {timetable.effective_from && <p>In force from {mediumDateLabel(timetable.effective_from)}.</p>}
      </section>

      <BlocksSection timetable={timetable} dayTypes={dayTypes} />

      <AlternatesSection timetable={timetable} />
      <p className="text-sm text-slate-600">Only administrators change the bell schedule.</p>
    </div>
  );
}

const timeOn = (block: Timetable["blocks"][number], dayType: string) => block.times.find((t) => t.day_type === dayType);

/** Each block's times on each day type: a table on wide screens, a card per block on a phone. */
function BlocksSection({ timetable, dayTypes }: { timetable: Timetable; dayTypes: readonly string[] }) {
  return (
    <section aria-labelledby="blocks-heading" className="flex min-w-0 flex-col gap-3">
      <h2 id="blocks-heading" className="text-base font-semibold text-slate-900">
        Blocks
      </h2>
      {/* Many day types (a 10-day rotation) scroll inside the box, never the page; the box takes focus to scroll by keyboard. */}
      <div
        tabIndex={0}
        aria-label="Blocks and their times"
        className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white focus:outline-2 focus:outline-indigo-600 sm:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Blocks and their times on each day type</caption>
          <thead className="bg-slate-50 text-xs text-slate-600">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                Block
              </th>
              {dayTypes.map((dayType) => (
                <th key={dayType} scope="col" className="px-3 py-2 font-semibold">
                  {dayType}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {timetable.blocks.map((block) => (
              <tr key={block.id}>
                <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                  {block.label}
                  {block.flex && <span className="ml-2 text-xs font-normal text-slate-600">Flex</span>}
                </th>
                {dayTypes.map((dayType) => {
                  const time = timeOn(block, dayType);
                  return (
                    <td key={dayType} className="px-3 py-2 text-slate-700 tabular-nums">
                      {time ? span(time) : <span className="text-slate-600">Does not meet</span>}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 sm:hidden">
        {timetable.blocks.map((block) => (
          <li key={block.id} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
            <p className="font-medium text-slate-900">
              {block.label}
              {block.flex && <span className="ml-2 text-xs font-normal text-slate-600">Flex</span>}
            </p>
            <dl className="mt-2 flex flex-col gap-1">
              {dayTypes.map((dayType) => {
                const time = timeOn(block, dayType);
                return (
                  <div key={dayType} className="flex gap-4">
                    <dt className="w-24 shrink-0 text-slate-600">{dayType}</dt>
                    <dd className="text-slate-800 tabular-nums">{time ? span(time) : "Does not meet"}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The alternate bell schedules (late start, assembly) and the times of the blocks that meet. */
function AlternatesSection({ timetable }: { timetable: Timetable }) {
  return (
    <section aria-labelledby="alternates-heading" className="flex flex-col gap-3">
      <h2 id="alternates-heading" className="text-base font-semibold text-slate-900">
        Alternate bell schedules
      </h2>
      {timetable.bell_schedules.length === 0 ? (
        <p className="text-sm text-slate-600">None: every school day keeps the regular times.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {timetable.bell_schedules.map((schedule) => (
            <li key={schedule.name} className="rounded-xl border border-slate-200 bg-white p-3 text-sm">
              <p className="font-medium text-slate-900">{schedule.name}</p>
              {schedule.times.length === 0 ? (
                <p className="mt-1 text-slate-600">No block meets.</p>
              ) : (
                <dl className="mt-2 flex flex-col gap-1">
                  {schedule.times.map((time) => (
                    <div key={time.label} className="flex gap-4">
                      <dt className="w-28 shrink-0 text-slate-600">{time.label}</dt>
                      <dd className="text-slate-800 tabular-nums">{span(time)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
