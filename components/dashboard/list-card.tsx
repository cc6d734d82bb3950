"use client";

import { DataTable, type DataTableProps } from "@/components/ui/data-table";
import type { DashboardList } from "@/lib/dashboard/schemas";
import { DashboardCard } from "./dashboard-card";
import { EmptyList } from "./empty-list";
import { ListDownload } from "./list-download";
import type { DashboardPartProps } from "./use-dashboard";

/**
 * One of the dashboard's lists as a sortable table in its card, with its count and CSV; a list with
 * nobody in it says so in words instead of showing an empty table.
 */
export function ListCard<T>({
  list,
  title,
  level,
  description,
  rows,
  emptyText,
  answer,
  filters,
  loading,
  ...table
}: DashboardPartProps &
  Omit<DataTableProps<T>, "data" | "loading" | "emptyText"> & {
    list: DashboardList;
    title: string;
    level?: 2 | 3;
    description: string;
    rows: T[] | undefined;
    emptyText: string;
  }) {
  return (
    <DashboardCard
      title={title}
      level={level}
      count={rows?.length}
      description={description}
      actions={<ListDownload list={list} what={title} filters={filters} answer={answer} />}
    >
      {rows && rows.length === 0 ? (
        <EmptyList text={emptyText} />
      ) : (
        <DataTable {...table} data={rows} loading={loading} emptyText={emptyText} />
      )}
    </DashboardCard>
  );
}
