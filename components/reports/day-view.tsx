"use client";

import dynamic from "next/dynamic";
import { ListLoadError } from "@/components/people/list-parts";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import type { DayReportEntry } from "@/lib/reports/present";
import { DownloadButton } from "./download-button";
import { percentLabel, reportQuery, useCsvDownload, useReport, type ReportFilterValues } from "./use-report";

// The chart library loads with this tab only.
const RateChart = dynamic(() => import("./rate-chart").then((m) => m.RateChart), {
  ssr: false,
  loading: () => <Spinner label="Loading the chart" />,
});

const columns: DataColumn<DayReportEntry>[] = [
  { id: "date", header: "Date", value: (r) => r.date },
  { id: "attended", header: "Attended", value: (r) => r.attended, kind: "number" },
  { id: "missed", header: "Missed", value: (r) => r.missed, kind: "number" },
  { id: "excused", header: "Excused", value: (r) => r.excused, kind: "number", secondary: "sm" },
  { id: "rate", header: "Rate", value: (r) => r.attendance_rate, cell: (r) => percentLabel(r.attendance_rate), kind: "number" },
];

/** By day: the rate over time as a chart, with the same numbers in a table beside it. */
export function DayView({ filters, active }: { filters: ReportFilterValues; active: boolean }) {
  const { data, error, isLoading, mutate } = useReport<DayReportEntry>(filters, "day", {}, active);
  const { busy, download } = useCsvDownload();
  if (error && !data) return <ListLoadError error={error} what="report" onRetry={() => void mutate()} />;
  const rows = data?.rows;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="min-w-0 rounded-xl border border-slate-200 bg-white p-4">
        {rows && rows.length > 0 ? (
          <RateChart rows={rows} />
        ) : (
          <EmptyState
            title={isLoading ? "Loading…" : "No attendance recorded"}
            description={isLoading ? undefined : "No Focus Block has ended in these dates yet."}
          />
        )}
      </div>
      <div className="min-w-0">
        <DataTable
          label="Attendance by day"
          columns={columns}
          data={rows}
          rowId={(r) => r.date}
          loading={isLoading}
          initialPageSize={10}
          initialSort={{ id: "date" }}
          searchLabel="Search days"
          emptyText="No attendance recorded"
          actions={
            <DownloadButton
              busy={busy === "day"}
              onClick={() =>
                void download(
                  "day",
                  `/api/reports/attendance${reportQuery(filters, { group_by: "day", format: "csv" })}`,
                  `attendance-by-day-${filters.from}-to-${filters.to}.csv`,
                )
              }
            />
          }
        />
      </div>
    </div>
  );
}
