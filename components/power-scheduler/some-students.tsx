"use client";

import { TriangleAlert } from "lucide-react";
import { useId, useState } from "react";
import { Button, focusRing } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { useGradeRange } from "@/components/people/use-grade-range";
import { cn } from "@/lib/cn";
import { gradeLabel, gradesOf } from "@/lib/grade-range";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";

type Student = PowerSchedulerOptions["students"][number];

const columns: DataColumn<Student>[] = [
  { id: "last_name", header: "Last name", value: (s) => s.last_name },
  { id: "first_name", header: "First name", value: (s) => s.first_name },
  { id: "grade", header: "Grade", value: (s) => s.grade, kind: "number" },
];

/**
 * Some Students: whole grades and clusters added at once, single students ticked in a searchable table
 * (with "select all matching"), and how many are selected.
 */
// eslint-disable-next-line max-lines-per-function -- the student picker's search, filters and chosen list are one step
export function SomeStudents({
  options,
  selected,
  setSelected,
}: {
  options: PowerSchedulerOptions;
  selected: ReadonlySet<number>;
  setSelected: (ids: Set<number>) => void;
}) {
  // The school's grades (the grade_min and grade_max settings).
  const grades = gradesOf(useGradeRange());
  const [matching, setMatching] = useState<Student[]>([]);
  const every = options.students.length > 0 && options.students.every((s) => selected.has(s.id));
  const allMatching = matching.length > 0 && matching.every((s) => selected.has(s.id));

  function add(ids: number[], on = true) {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setSelected(next);
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <PickBy
          label="Grade"
          addLabel="Add grade"
          choices={grades.map((g) => ({ value: String(g), label: `Grade ${gradeLabel(g)}` }))}
          onAdd={(grade) =>
            add(options.students.filter((s) => s.grade === Number(grade)).map((s) => s.id))
          }
        />
        {options.clusters.length > 0 && (
          <PickBy
            label="Cluster"
            addLabel="Add cluster"
            choices={options.clusters.map((c) => ({ value: String(c.id), label: c.name }))}
            onAdd={(id) =>
              add(options.students.filter((s) => s.cluster_ids.includes(Number(id))).map((s) => s.id))
            }
          />
        )}
        <Button
          variant="ghost"
          size="sm"
          disabled={selected.size === 0}
          onClick={() => setSelected(new Set())}
        >
          Clear selection
        </Button>
      </div>
      <DataTable
        label="Students to schedule"
        columns={columns}
        data={options.students}
        rowId={(s) => s.id}
        initialSort={{ id: "last_name" }}
        searchLabel="Search students"
        onFilteredRowsChange={setMatching}
        rowLead={{
          header: (
            <Checkbox
              label={<span className="sr-only">Select all {matching.length} matching students</span>}
              checked={allMatching}
              disabled={matching.length === 0}
              onCheckedChange={(on) =>
                add(
                  matching.map((s) => s.id),
                  on,
                )
              }
            />
          ),
          cell: (s) => (
            <Checkbox
              label={
                <span className="sr-only">
                  Select {s.first_name} {s.last_name}
                </span>
              }
              checked={selected.has(s.id)}
              onCheckedChange={(on) => add([s.id], on)}
            />
          ),
        }}
      />
      <p className="text-sm text-slate-700" aria-live="polite">
        {selected.size.toLocaleString("en-US")} of {options.students.length.toLocaleString("en-US")}{" "}
        students selected
      </p>
      {every && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          Every student is selected. Choose All Students instead if students added later should be
          included too.
        </p>
      )}
    </div>
  );
}

/** A select and an Add button: adds a whole group to the selection. */
function PickBy({
  label,
  addLabel,
  choices,
  onAdd,
}: {
  label: string;
  addLabel: string;
  choices: { value: string; label: string }[];
  onAdd: (value: string) => void;
}) {
  const [value, setValue] = useState("");
  const id = useId();
  return (
    <div className="flex items-end gap-2">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={cn(
            "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
            focusRing,
          )}
        >
          <option value="">Choose…</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      </div>
      <Button
        variant="secondary"
        disabled={!value}
        onClick={() => {
          onAdd(value);
          setValue("");
        }}
      >
        {addLabel}
      </Button>
    </div>
  );
}
