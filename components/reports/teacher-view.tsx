"use client";

import { ListLoadError } from "@/components/people/list-parts";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { TeacherReportEntry } from "@/lib/reports/present";
import { DownloadButton } from "./download-button";
import { percentLabel, reportQuery, useCsvDownload, useReport, type ReportFilterValues } from "./use-report";

const columns: DataColumn<TeacherReportEntry>[] = [
  { id: "name", header: "Teacher", value: (r) => r.teacher.name },
  { id: "planned", header: "Planned", value: (r) => r.planned, kind: "number", secondary: "sm" },
  { id: "attended", header: "Attended", value: (r) => r.attended, kind: "number" },
  {
    id: "appointments",
    header: "Appointments kept",
    value: (r) => r.appointments_kept,
    cell: (r) => `${r.appointments_kept} of ${r.appointments}`,
    kind: "number",
    secondary: "sm",
  },
  { id: "checked_in", header: "Checked in", value: (r) => r.checked_in, kind: "number", secondary: "md" },
  {
    id: "capacity_used",
    header: "Capacity used",
    value: (r) => r.capacity_used,
    cell: (r) => percentLabel(r.capacity_used),
    kind: "number",
  },
];

/** By teacher: plans, attended plans, appointments kept, check-ins and the share of seats planned. */
export function TeacherView({ filters, active }: { filters: ReportFilterValues; active: boolean }) {
  const { data, error, isLoading, mutate } = useReport<TeacherReportEntry>(filters, "teacher", {}, active);
  const { busy, download } = useCsvDownload();
  if (error && !data) return <ListLoadError error={error} what="report" onRetry={() => void mutate()} />;
  return (
    <DataTable
      label="Attendance by teacher"
      columns={columns}
      data={data?.rows}
      rowId={(r) => r.teacher.id}
      loading={isLoading}
      initialPageSize={25}
      initialSort={{ id: "name" }}
      searchLabel="Search teachers"
      emptyText="No attendance recorded"
      actions={
        <DownloadButton
          busy={busy === "teacher"}
          onClick={() =>
            void download(
              "teacher",
              `/api/reports/attendance${reportQuery(filters, { group_by: "teacher", format: "csv" })}`,
              `attendance-by-teacher-${filters.from}-to-${filters.to}.csv`,
            )
          }
        />
      }
    />
  );
}
