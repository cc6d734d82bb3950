"use client";

import { dayLabel } from "@/lib/core/time";
import type { DayTypeChange } from "./api-types";

/** How many dates the list shows before "and N more". */
const SHOWN = 8;

const dateText = (date: string) => {
  const label = dayLabel(date, "");
  return `${label.day} ${label.full_date}`;
};

/** "98 school days change day type, from Tue Jan 5, 2027 to Fri Jun 25, 2027." */
export function changesSummary(changes: readonly DayTypeChange[]): string {
  const days = changes.length === 1 ? "1 school day changes" : `${changes.length.toLocaleString("en-US")} school days change`;
  const first = dateText(changes[0]!.date);
  return changes.length === 1
    ? `${days} day type: ${first}.`
    : `${days} day type, from ${first} to ${dateText(changes.at(-1)!.date)}.`;
}

/**
 * The dates a change moves, before it is saved (the server's dry run): the first few, each with the
 * day type it has and the one it gets, and how many more.
 */
export function DayTypeChanges({ changes }: { changes: readonly DayTypeChange[] }) {
  if (changes.length === 0) return null;
  const more = changes.length - SHOWN;
  return (
    <div className="flex flex-col gap-2 text-sm text-slate-700">
      <p>{changesSummary(changes)}</p>
      <ul className="flex flex-col gap-0.5 rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
        {changes.slice(0, SHOWN).map((change) => (
          <li key={change.date} className="tabular-nums">
            <span className="font-medium text-slate-900">{dateText(change.date)}</span>: {change.from} becomes{" "}
            {change.to ?? "a day without school"}
          </li>
        ))}
        {more > 0 && <li className="text-slate-600">… and {more.toLocaleString("en-US")} more.</li>}
      </ul>
    </div>
  );
}
