"use client";

import { useState } from "react";
import useSWR from "swr";
import { downloadText } from "@/components/audit/download";
import { useAction } from "@/components/ui/use-action";
import { apiGet } from "@/lib/api/request.client";
import type { GroupBy } from "@/lib/reports/schemas";

export interface ReportFilterValues {
  from: string;
  to: string;
  grade: string;
  cluster: string;
}

/** The query string of a report (empty filters left out). */
export function reportQuery(filters: ReportFilterValues, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({ from: filters.from, to: filters.to });
  if (filters.grade) params.set("grade", filters.grade);
  if (filters.cluster) params.set("cluster_id", filters.cluster);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  return `?${params.toString()}`;
}

export interface ReportAnswer<Row> {
  from: string;
  to: string;
  group_by: GroupBy;
  focus_blocks: number;
  rows: Row[];
}

/** One report view, read with SWR (only while its tab is shown). */
export function useReport<Row>(filters: ReportFilterValues, groupBy: GroupBy, extra: Record<string, string> = {}, active = true) {
  const key = active && filters.from && filters.to ? `/api/reports/attendance${reportQuery(filters, { group_by: groupBy, ...extra })}` : null;
  return useSWR<ReportAnswer<Row> & Record<string, unknown>>(key, { keepPreviousData: true });
}

/** A Download button's state: fetches the CSV with the session and saves it. */
export function useCsvDownload() {
  // Which of the screen's Download buttons spins: they share the one action.
  const [busy, setBusy] = useState<string | null>(null);
  const fetchFile = useAction(
    async (path: string, filename: string) => downloadText(filename, await apiGet<string>(path)),
    { failed: "That download did not work. Please try again." },
  );

  async function download(what: string, path: string, filename: string) {
    setBusy(what);
    await fetchFile.run(path, filename);
    setBusy(null);
  }
  return { busy, download };
}

/** "87.5%", or a dash when there is nothing to rate. */
export const percentLabel = (rate: number | null) => (rate === null ? "—" : `${Math.round(rate * 1000) / 10}%`);
