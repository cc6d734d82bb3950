"use client";

import useSWR from "swr";
import { SelectField } from "@/components/people/select-field";
import { ReportFilters } from "@/components/reports/report-filters";
import type { StaffListItem } from "@/lib/people/lists.server";
import { compareNames } from "@/lib/core/fold";
import { ThresholdField } from "./threshold-field";
import type { DashboardFilters as Filters } from "./use-dashboard-filters";

/**
 * The dashboard's filters: the reports' dates, grade and cluster, and a second row with the homeroom,
 * (for administrators) whose blocks and students, and the two thresholds. `shown` is what the answer used
 * where the URL names nothing (the default dates and thresholds).
 */
export function DashboardFilters({
  value,
  shown,
  onChange,
  today,
  canPickTeacher,
}: {
  value: Filters;
  shown: { from?: string; to?: string; missed_min?: number; elsewhere_min?: number };
  onChange: (patch: Partial<Filters>) => void;
  today: string;
  canPickTeacher: boolean;
}) {
  const { data: staff } = useSWR<StaffListItem[]>("/api/staff");
  const teachers = [...(staff ?? [])]
    .filter((member) => member.takes_students)
    .sort(compareNames)
    .map((member) => ({ value: String(member.id), label: member.name }));
  return (
    <div className="flex flex-col gap-3 print:hidden">
      <ReportFilters
        value={{
          from: value.from || shown.from || "",
          to: value.to || shown.to || "",
          grade: value.grade,
          cluster: value.cluster_id,
        }}
        onChange={(next) =>
          onChange({ from: next.from, to: next.to, grade: next.grade, cluster_id: next.cluster })
        }
        today={today}
      />
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Homeroom"
          value={value.homeroom_id}
          onChange={(event) => onChange({ homeroom_id: event.target.value })}
          options={[{ value: "", label: "All homerooms" }, ...teachers]}
        />
        {canPickTeacher && (
          <SelectField
            label="Teacher"
            value={value.staff_id}
            onChange={(event) => onChange({ staff_id: event.target.value })}
            options={[{ value: "", label: "The whole school" }, ...teachers]}
          />
        )}
        <ThresholdField
          label="Missed N or more"
          value={value.missed_min || String(shown.missed_min ?? "")}
          onChange={(missed_min) => onChange({ missed_min })}
        />
        <ThresholdField
          label="Elsewhere N or more"
          value={value.elsewhere_min || String(shown.elsewhere_min ?? "")}
          onChange={(elsewhere_min) => onChange({ elsewhere_min })}
        />
      </div>
    </div>
  );
}
