"use client";

import useSWR from "swr";
import type { DashboardAnswer, DashboardList } from "@/lib/dashboard/schemas";
import { dashboardSearch, type DashboardFilters } from "./use-dashboard-filters";

const PATH = "/api/dashboard";

/** The dashboard's answer for the filters (the previous answer stays on screen while a new one loads). */
export function useDashboard(filters: DashboardFilters) {
  return useSWR<DashboardAnswer>(`${PATH}${dashboardSearch(filters)}`, { keepPreviousData: true });
}

/** Where one list's CSV comes from, for the range the answer covers. */
export const dashboardCsvPath = (filters: DashboardFilters, list: DashboardList) =>
  `${PATH}${dashboardSearch(filters, { format: "csv", list })}`;

/** The CSV's file name: the list and the dates it covers. */
export const dashboardCsvName = (
  list: DashboardList,
  answer: Pick<DashboardAnswer, "from" | "to"> | undefined,
) => `dashboard-${list.replaceAll("_", "-")}${answer ? `-${answer.from}-to-${answer.to}` : ""}.csv`;

/** What every part of the page is given: the answer (undefined while loading), the filters for its CSV. */
export interface DashboardPartProps {
  answer: DashboardAnswer | undefined;
  filters: DashboardFilters;
  loading: boolean;
}
