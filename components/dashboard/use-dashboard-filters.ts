"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";

/**
 * The dashboard's filters, named as GET /api/dashboard names them. They live in the page's query
 * string, so a link or a refresh shows the same students; an empty value is no filter (the API's
 * default: the last four weeks, the whole scope, thresholds of 3).
 */
export const DASHBOARD_FILTER_KEYS = [
  "from",
  "to",
  "grade",
  "homeroom_id",
  "cluster_id",
  "staff_id",
  "missed_min",
  "elsewhere_min",
] as const;
export type DashboardFilterKey = (typeof DASHBOARD_FILTER_KEYS)[number];
export type DashboardFilters = Record<DashboardFilterKey, string>;

/** The filters as a query string for the API (empty ones left out), with extra parameters after them. */
export function dashboardSearch(filters: DashboardFilters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const key of DASHBOARD_FILTER_KEYS) if (filters[key]) params.set(key, filters[key]);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** Reads the filters from the URL and writes changes back to it (replacing the entry: no history per keystroke). */
export function useDashboardFilters(): [DashboardFilters, (patch: Partial<DashboardFilters>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const filters = useMemo(
    () =>
      Object.fromEntries(
        DASHBOARD_FILTER_KEYS.map((key) => [key, params.get(key) ?? ""]),
      ) as DashboardFilters,
    [params],
  );
  const update = useCallback(
    (patch: Partial<DashboardFilters>) => {
      const search = dashboardSearch({ ...filters, ...patch });
      router.replace(`${pathname}${search}`, { scroll: false });
    },
    [filters, pathname, router],
  );
  return [filters, update];
}
