"use client";

import useSWR from "swr";
import { ListLoadError } from "@/components/people/list-parts";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import type { StudentBlockEntry, StudentReportEntry } from "@/lib/reports/present";
import { DownloadButton } from "./download-button";
import { percentLabel, reportQuery, useCsvDownload, type ReportAnswer, type ReportFilterValues } from "./use-report";

const STATUS_LABEL: Record<string, string> = { attended: "Attended", missed: "Missed", excused: "Excused" };
const METHOD_LABEL: Record<string, string> = {
  manual: "Manual check-in",
  air: "Air Check-in",
  "roll-call": "Roll call",
  retroactive: "Retroactive check-in",
  proactive: "Proactive check-in",
};

const timeOf = (iso: string | null) => (iso ? iso.slice(11, 16) : "");

const columns: DataColumn<StudentBlockEntry>[] = [
  { id: "date", header: "Date", value: (b) => b.date },
  {
    id: "status",
    header: "Status",
    value: (b) => STATUS_LABEL[b.status] ?? b.status,
    cell: (b) => (
      <span className="flex flex-col">
        <span>{STATUS_LABEL[b.status] ?? b.status}</span>
        {b.amendment && <span className="text-xs text-slate-600">{b.amendment}</span>}
      </span>
    ),
  },
  {
    id: "teacher",
    header: "Teacher",
    value: (b) => b.teacher ?? "",
    cell: (b) => (
      <span className="flex flex-col">
        <span>{b.teacher ?? "—"}</span>
        {b.method && (
          <span className="text-xs text-slate-600">
            {METHOD_LABEL[b.method] ?? b.method} {timeOf(b.checked_in_at)}
          </span>
        )}
      </span>
    ),
  },
  {
    id: "appointment",
    header: "Appointment",
    value: (b) => (b.appointment ? `${b.appointment.teacher} ${b.appointment.memo}` : ""),
    secondary: "sm",
    cell: (b) =>
      b.appointment ? (
        <span className="flex flex-col">
          <span>{b.appointment.teacher}</span>
          <span className="text-xs text-slate-600">
            {b.appointment.kept ? "Kept" : "Missed"}
            {b.appointment.memo ? `: ${b.appointment.memo}` : ""}
          </span>
        </span>
      ) : (
        ""
      ),
  },
];

/** The drill-down: one student's Focus Blocks in the range, each with its status, teacher and appointment. */
export function StudentBlocksDialog({
  student,
  filters,
  onClose,
}: {
  student: StudentReportEntry;
  filters: ReportFilterValues;
  onClose: () => void;
}) {
  const only = { from: filters.from, to: filters.to, grade: "", cluster: "" };
  const query = reportQuery(only, { group_by: "student", student_id: String(student.student.id) });
  const { data, error, isLoading, mutate } = useSWR<ReportAnswer<StudentReportEntry> & { blocks: StudentBlockEntry[] }>(
    `/api/reports/attendance${query}`,
  );
  const { busy, download } = useCsvDownload();
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      size="xl"
      title={`${student.student.name}'s Focus Blocks`}
      description={`${student.attended} attended, ${student.missed} missed, ${student.excused} excused (${percentLabel(student.attendance_rate)}) from ${filters.from} to ${filters.to}.`}
    >
      {error && !data ? (
        <ListLoadError error={error} what="student's blocks" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label={`Focus Blocks of ${student.student.name}`}
          columns={columns}
          data={data?.blocks}
          rowId={(b) => b.date}
          loading={isLoading}
          initialPageSize={10}
          initialSort={{ id: "date" }}
          searchLabel="Search these blocks"
          emptyText="No attendance recorded"
          actions={
            <DownloadButton
              busy={busy === "blocks"}
              onClick={() =>
                void download(
                  "blocks",
                  `/api/reports/attendance${reportQuery(only, { group_by: "student", student_id: String(student.student.id), format: "csv" })}`,
                  `attendance-${student.student.student_number ?? `student-${student.student.id}`}-${filters.from}-to-${filters.to}.csv`,
                )
              }
            />
          }
        />
      )}
    </Dialog>
  );
}
