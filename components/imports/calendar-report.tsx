"use client";

import { CalendarCheck } from "lucide-react";
import Link from "next/link";
import { mediumDateLabel } from "@/components/school-calendar/month";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { cn } from "@/lib/cn";
import type { CalendarImportResult } from "@/lib/imports/present";
import type { ImportOrRosterReport as ImportReport } from "@/lib/oneroster/present";
import { ImportStatus, importKindLabel } from "./import-status";
import { ImportTotals } from "./import-totals";

type AddedEvent = CalendarImportResult["events"][number];

const dayLabel = (event: AddedEvent) => (event.no_blocks ? "No Focus Blocks" : "School day");

const COLUMNS: DataColumn<AddedEvent>[] = [
  {
    id: "date",
    header: "Date",
    value: (e) => e.date,
    cell: (e) => mediumDateLabel(e.date),
    className: "whitespace-nowrap tabular-nums",
  },
  { id: "name", header: "Event", value: (e) => e.name, primary: true },
  {
    id: "day",
    header: "Day",
    value: dayLabel,
    cell: (e) => (
      <Badge tone={e.no_blocks ? "warning" : "neutral"} className="whitespace-nowrap">
        {dayLabel(e)}
      </Badge>
    ),
    // On a phone, under the event's name.
    secondary: "sm",
  },
];

/** A calendar file's report: who imported it and when, its counts, and the events it added. */
export function CalendarReportScreen({
  report,
  when,
}: {
  report: ImportReport;
  when: (iso: string) => string;
}) {
  const result = report.calendar;
  return (
    <div>
      <PageHeader
        title={`Import report: ${report.filename}`}
        documentTitle="Import report"
        description={`${importKindLabel(report.kind)} · imported ${when(report.created_at)}${report.uploaded_by ? ` by ${report.uploaded_by}` : ""}`}
        actions={<ImportStatus status={report.status} />}
      />
      {result && (
        <div className="flex flex-col gap-6">
          <ImportTotals
            className="sm:grid-cols-4"
            totals={[
              ["Added", result.added],
              ["Already on the calendar", result.duplicates],
              ["Outside the school year", result.skipped_outside_year],
              ["Plans cancelled", result.plans_cancelled],
            ]}
          />
          <section aria-labelledby="calendar-report-events" className="flex flex-col gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="calendar-report-events" className="text-lg font-semibold text-slate-900">
                Events added
              </h2>
              <Link
                href="/calendar"
                className={cn("rounded text-sm font-medium text-indigo-700 hover:underline", focusRing)}
              >
                Open the school calendar
              </Link>
            </div>
            {result.events.length ? (
              <DataTable
                label="Events added"
                columns={COLUMNS}
                data={result.events}
                rowId={(e) => `${e.date}\u0000${e.name}`}
                initialPageSize={25}
                initialSort={{ id: "date" }}
                searchLabel="Search events"
              />
            ) : (
              <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
                <EmptyState
                  icon={<CalendarCheck />}
                  title="No events were added."
                  description="Every event in the file was already on the calendar or outside the school year."
                />
              </div>
            )}
          </section>
        </div>
      )}
    </div>
  );
}
