"use client";

import { DownloadButton } from "@/components/reports/download-button";
import { useCsvDownload } from "@/components/reports/use-report";
import type { DashboardAnswer, DashboardList } from "@/lib/dashboard/schemas";
import type { DashboardFilters } from "./use-dashboard-filters";
import { dashboardCsvName, dashboardCsvPath } from "./use-dashboard";

/** "Download CSV" of one dashboard list, for the filters on screen; `what` names the list for screen readers. */
export function ListDownload({
  list,
  what,
  filters,
  answer,
}: {
  list: DashboardList;
  what: string;
  filters: DashboardFilters;
  answer: DashboardAnswer | undefined;
}) {
  const { busy, download } = useCsvDownload();
  return (
    <DownloadButton
      accessibleName={`Download CSV: ${what}`}
      busy={busy === list}
      className="print:hidden"
      onClick={() => void download(list, dashboardCsvPath(filters, list), dashboardCsvName(list, answer))}
    />
  );
}
