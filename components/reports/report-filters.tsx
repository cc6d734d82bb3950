"use client";

import { useId } from "react";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { DatePicker } from "@/components/ui/date-picker";
import { useGradeRange } from "@/components/people/use-grade-range";
import { cn } from "@/lib/cn";
import type { ClusterListItem } from "@/lib/clusters/present";
import { gradeLabel, gradesOf } from "@/lib/grade-range";
import type { ReportFilterValues } from "./use-report";

const selectClasses = cn("h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900", focusRing);

/** The date range, grade and cluster every view shares. */
export function ReportFilters({
  value,
  onChange,
  today,
}: {
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
  today: string;
}) {
  const id = useId();
  // The school's grades (the grade_min and grade_max settings).
  const grades = gradesOf(useGradeRange());
  const { data: clusters } = useSWR<ClusterListItem[]>("/api/clusters");
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...value, ...patch });
  return (
    <div className="flex flex-wrap items-end gap-3">
      <DatePicker label="From" value={value.from} max={value.to} today={today} onChange={(from) => set({ from })} />
      <DatePicker label="To" value={value.to} min={value.from} today={today} onChange={(to) => set({ to })} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-grade`} className="text-sm font-medium text-slate-800">
          Grade
        </label>
        <select id={`${id}-grade`} value={value.grade} onChange={(e) => set({ grade: e.target.value })} className={selectClasses}>
          <option value="">All grades</option>
          {grades.map((grade) => (
            <option key={grade} value={String(grade)}>
              Grade {gradeLabel(grade)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-cluster`} className="text-sm font-medium text-slate-800">
          Cluster
        </label>
        <select id={`${id}-cluster`} value={value.cluster} onChange={(e) => set({ cluster: e.target.value })} className={selectClasses}>
          <option value="">All clusters</option>
          {clusters?.map((cluster) => (
            <option key={cluster.id} value={String(cluster.id)}>
              {cluster.name}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
