"use client";

import { useMemo, useState } from "react";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ListLoadError } from "@/components/people/list-parts";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { StudentReportEntry } from "@/lib/reports/present";
import { DownloadButton } from "./download-button";
import { StudentBlocksDialog } from "./student-blocks";
import { percentLabel, reportQuery, useCsvDownload, useReport, type ReportFilterValues } from "./use-report";

const columnsFor = (open: (row: StudentReportEntry) => void): DataColumn<StudentReportEntry>[] => [
  {
    id: "name",
    header: "Student",
    value: (r) => r.student.name,
    cell: (r) => (
      <span className="flex flex-col items-start">
        <button
          type="button"
          // On paper the name prints as text (app/globals.css hides other buttons).
          data-print-text
          onClick={(event) => {
            event.stopPropagation();
            open(r);
          }}
          className={cn("rounded text-left font-medium text-indigo-700 underline-offset-2 hover:underline", focusRing)}
        >
          {r.student.name}
        </button>
        <span className="text-xs text-slate-600">{r.student.student_number}</span>
      </span>
    ),
  },
  { id: "grade", header: "Grade", value: (r) => r.student.grade, kind: "number", secondary: "sm" },
  { id: "attended", header: "Attended", value: (r) => r.attended, kind: "number", secondary: "sm" },
  { id: "missed", header: "Missed", value: (r) => r.missed, kind: "number" },
  { id: "excused", header: "Excused", value: (r) => r.excused, kind: "number", secondary: "sm" },
  { id: "rate", header: "Rate", value: (r) => r.attendance_rate, cell: (r) => percentLabel(r.attendance_rate), kind: "number" },
  {
    id: "missed_appointments",
    header: "Missed appointments",
    value: (r) => r.missed_appointments,
    kind: "number",
    secondary: "md",
  },
];

/** By student: one row per student; a student's name (or row) opens their blocks in the range. */
export function StudentView({ filters, active }: { filters: ReportFilterValues; active: boolean }) {
  const { data, error, isLoading, mutate } = useReport<StudentReportEntry>(filters, "student", {}, active);
  const [chosen, setChosen] = useState<StudentReportEntry | null>(null);
  const columns = useMemo(() => columnsFor(setChosen), []);
  const { busy, download } = useCsvDownload();
  return (
    <div className="flex flex-col gap-3">
      {error && !data ? (
        <ListLoadError error={error} what="report" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Attendance by student"
          columns={columns}
          data={data?.rows}
          rowId={(r) => r.student.id}
          loading={isLoading}
          initialPageSize={25}
          initialSort={{ id: "name" }}
          searchLabel="Search students"
          emptyText="No attendance recorded"
          onRowClick={setChosen}
          actions={
            <DownloadButton
              busy={busy === "student"}
              onClick={() =>
                void download(
                  "student",
                  `/api/reports/attendance${reportQuery(filters, { group_by: "student", format: "csv" })}`,
                  `attendance-by-student-${filters.from}-to-${filters.to}.csv`,
                )
              }
            />
          }
        />
      )}
      {chosen && (
        <StudentBlocksDialog student={chosen} filters={filters} onClose={() => setChosen(null)} />
      )}
    </div>
  );
}
