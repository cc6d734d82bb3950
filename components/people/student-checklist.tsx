"use client";

import { Checkbox } from "@/components/ui/checkbox";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";
import type { StudentListItem } from "@/lib/people/lists.server";

/** How many matching students the list shows before asking for a narrower search. */
const SHOWN = 50;

/**
 * The students a search matched, each with a checkbox (adding to a cluster, enrolling in a section):
 * loading, error and empty states, and at most SHOWN rows.
 */
export function StudentChecklist({
  students,
  error,
  matches,
  chosen,
  onToggle,
}: {
  students: StudentListItem[] | undefined;
  error: unknown;
  matches: StudentListItem[];
  chosen: ReadonlySet<number>;
  onToggle: (id: number, on: boolean) => void;
}) {
  return (
    <>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(error, "The student list could not be loaded.")}
        </p>
      ) : !students ? (
        <Spinner label="Loading students" className="flex justify-center py-6 text-indigo-600" />
      ) : matches.length === 0 ? (
        <p className="py-4 text-center text-sm text-slate-600">No data available</p>
      ) : (
        <ul
          aria-label="Students"
          className="max-h-72 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200"
        >
          {matches.slice(0, SHOWN).map((s) => (
            <li key={s.id} className="px-3 py-2">
              <Checkbox
                label={
                  <span>
                    {s.last_name}, {s.first_name} <span className="text-slate-600">· Grade {s.grade}</span>
                  </span>
                }
                checked={chosen.has(s.id)}
                onCheckedChange={(on) => onToggle(s.id, on)}
              />
            </li>
          ))}
        </ul>
      )}
      {matches.length > SHOWN && (
        <p className="text-xs text-slate-600">
          Showing {SHOWN} of {matches.length}. Type a name to narrow the list.
        </p>
      )}
    </>
  );
}
