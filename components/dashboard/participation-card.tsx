"use client";

import dynamic from "next/dynamic";
import { Disclosure } from "@/components/ui/disclosure";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { DashboardCard } from "./dashboard-card";
import { ListDownload } from "./list-download";
import { PARTICIPATION_SERIES, type ParticipationDay } from "./participation-series";
import { PlainTable, type PlainColumn } from "./plain-table";
import type { DashboardPartProps } from "./use-dashboard";

// The chart library loads with the dashboard only, after the page's own code.
const ParticipationChart = dynamic(() => import("./participation-chart").then((m) => m.ParticipationChart), {
  ssr: false,
  loading: () => (
    <Spinner label="Loading the chart" className="flex h-72 items-center justify-center text-indigo-600" />
  ),
});

const columns: PlainColumn<ParticipationDay>[] = [
  { header: "Date", cell: (d) => d.date },
  ...PARTICIPATION_SERIES.map((series) => ({
    header: series.label,
    cell: (d: ParticipationDay) => d[series.key],
    numeric: true,
  })),
];

/** "Participation": the chart of each school day, and the numbers behind it (shown on demand, always printed). */
export function ParticipationCard({ answer, filters, loading }: DashboardPartProps) {
  const days = answer?.participation;
  return (
    <DashboardCard
      title="Participation"
      description="Students per school day: how they came to their Focus Block, and whether they were there."
      actions={<ListDownload list="participation" what="Participation" filters={filters} answer={answer} />}
    >
      <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        {!days ? (
          loading && (
            <Spinner label="Loading" className="flex h-72 items-center justify-center text-indigo-600" />
          )
        ) : days.length === 0 ? (
          <EmptyState
            title="No Focus Block in these dates."
            description="Pick other dates to see who took part."
          />
        ) : (
          <>
            <ParticipationChart days={days} />
            <Disclosure summary="Show the numbers">
              <PlainTable
                label="Participation by school day"
                columns={columns}
                rows={days}
                rowKey={(d) => d.date}
              />
            </Disclosure>
          </>
        )}
      </div>
    </DashboardCard>
  );
}
