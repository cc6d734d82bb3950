"use client";

import { useId, type ReactNode } from "react";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { useGradeRange } from "@/components/people/use-grade-range";
import { cn } from "@/lib/cn";
import type { ClusterListItem } from "@/lib/clusters/present";
import { gradeLabel, gradesOf } from "@/lib/grade-range";
import type { ReportFilterValues } from "./use-report";

const selectClasses = cn(
  "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900",
  focusRing,
);

/** One labelled filter select whose first option ("All …", the empty value) means no filter. */
export function FilterSelect({
  label,
  allLabel,
  value,
  onChange,
  options,
}: {
  label: string;
  allLabel: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={cn(selectClasses, "max-w-full")}
      >
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The date range, grade and cluster every report view shares; a screen with more filters (the
 * dashboard) passes them as children, laid out in the same row.
 */
export function ReportFilters({
  value,
  onChange,
  today,
  children,
}: {
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
  today: string;
  children?: ReactNode;
}) {
  // The school's grades (the grade_min and grade_max settings).
  const grades = gradesOf(useGradeRange());
  const { data: clusters } = useSWR<ClusterListItem[]>("/api/clusters");
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DatePicker
        label="From"
        value={value.from}
        max={value.to}
        today={today}
        onChange={(from) => set({ from })}
      />
      <DatePicker label="To" value={value.to} min={value.from} today={today} onChange={(to) => set({ to })} />
      <FilterSelect
        label="Grade"
        allLabel="All grades"
        value={value.grade}
        onChange={(grade) => set({ grade })}
        options={grades.map((grade) => ({ value: String(grade), label: `Grade ${gradeLabel(grade)}` }))}
      />
      <FilterSelect
        label="Cluster"
        allLabel="All clusters"
        value={value.cluster}
        onChange={(cluster) => set({ cluster })}
        options={(clusters ?? []).map((cluster) => ({ value: String(cluster.id), label: cluster.name }))}
      />
      {children}
    </div>
  );
}
