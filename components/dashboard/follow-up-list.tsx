"use client";

import { useMemo } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { DashboardAnswer, DashboardList } from "@/lib/dashboard/schemas";
import { DashboardCard } from "./dashboard-card";
import { EmptyList } from "./empty-list";
import { ListDownload } from "./list-download";
import { studentColumns, type ListedStudent } from "./student-columns";
import type { DashboardFilters } from "./use-dashboard-filters";

type Counted = ListedStudent & { count: number };

/** One "students to follow up" list: who, and how often (most first), with its CSV. */
export function FollowUpList({
  list,
  title,
  description,
  countHeader,
  emptyText,
  rows,
  filters,
  answer,
  loading,
}: {
  list: DashboardList;
  title: string;
  description: string;
  countHeader: string;
  emptyText: string;
  rows: Counted[] | undefined;
  filters: DashboardFilters;
  answer: DashboardAnswer | undefined;
  loading: boolean;
}) {
  const columns = useMemo<DataColumn<Counted>[]>(
    () => [
      ...studentColumns(rows),
      { id: "count", header: countHeader, value: (r) => r.count, kind: "number" },
    ],
    [rows, countHeader],
  );
  return (
    <DashboardCard
      title={title}
      level={3}
      count={rows?.length}
      description={description}
      actions={<ListDownload list={list} what={title} filters={filters} answer={answer} />}
    >
      {rows && rows.length === 0 ? (
        <EmptyList text={emptyText} />
      ) : (
        <DataTable
          label={title}
          columns={columns}
          data={rows}
          rowId={(r) => r.student_id}
          loading={loading}
          initialPageSize={5}
          initialSort={{ id: "count", desc: true }}
          searchLabel={`Search: ${title}`}
          emptyText={emptyText}
        />
      )}
    </DashboardCard>
  );
}
