"use client";

import { useMemo } from "react";
import type { DataColumn } from "@/components/ui/data-table";
import type { DashboardList } from "@/lib/dashboard/schemas";
import { ListCard } from "./list-card";
import { studentColumns, type ListedStudent } from "./student-columns";
import type { DashboardPartProps } from "./use-dashboard";

type Counted = ListedStudent & { count: number };

/** One "students to follow up" list: who, and how often (most first), with its CSV. */
export function FollowUpList({
  countHeader,
  rows,
  title,
  ...card
}: DashboardPartProps & {
  list: DashboardList;
  title: string;
  description: string;
  countHeader: string;
  emptyText: string;
  rows: Counted[] | undefined;
}) {
  const columns = useMemo<DataColumn<Counted>[]>(
    () => [
      ...studentColumns(rows),
      { id: "count", header: countHeader, value: (r) => r.count, kind: "number" },
    ],
    [rows, countHeader],
  );
  return (
    <ListCard
      {...card}
      title={title}
      level={3}
      rows={rows}
      label={title}
      columns={columns}
      rowId={(r) => r.student_id}
      initialPageSize={5}
      initialSort={{ id: "count", desc: true }}
      searchLabel={`Search: ${title}`}
    />
  );
}
