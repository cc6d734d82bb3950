"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { focusRing } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { ListLoadError } from "@/components/people/list-parts";
import { cn } from "@/lib/cn";
import type { ImportSummary } from "@/lib/imports/present";
import { ImportStatus, importKindLabel } from "./import-status";

const href = (row: ImportSummary) => `/imports/${row.id}`;

/** The list's columns; `when` formats an instant in the school's time zone. */
const columnsFor = (when: (iso: string) => string): DataColumn<ImportSummary>[] => [
  {
    id: "filename",
    header: "File",
    value: (row) => row.filename,
    cell: (row) => (
      <Link
        href={href(row)}
        onClick={(event) => event.stopPropagation()}
        className={cn("rounded font-medium text-indigo-700 hover:underline", focusRing)}
      >
        {row.filename}
      </Link>
    ),
  },
  { id: "kind", header: "Type", value: (row) => importKindLabel(row.kind), secondary: "sm" },
  {
    id: "created_at",
    header: "Uploaded",
    value: (row) => row.created_at,
    cell: (row) => when(row.created_at),
    secondary: "sm",
  },
  {
    id: "uploaded_by",
    header: "By",
    value: (row) => row.uploaded_by ?? "",
    secondary: "md",
  },
  {
    id: "status",
    header: "Status",
    value: (row) => row.status,
    cell: (row) => <ImportStatus status={row.status} />,
  },
  { id: "created", header: "Created", value: (row) => row.created, kind: "number", secondary: "sm" },
  {
    id: "updated",
    header: "Updated",
    value: (row) => row.updated,
    kind: "number",
    secondary: "sm",
  },
  { id: "skipped", header: "Skipped", value: (row) => row.skipped, kind: "number", secondary: "sm" },
];

/** /imports: every recent import (CSV files of students and staff, OneRoster bundles, calendar files), newest first; each opens its report. */
export function ImportsListScreen() {
  const router = useRouter();
  const when = useSchoolTime();
  const columns = useMemo(() => columnsFor(when), [when]);
  const { data, error, isLoading, mutate } = useSWR<ImportSummary[]>("/api/imports", {
    // Keep the statuses moving while something is being processed.
    refreshInterval: (latest) =>
      latest?.some((row) => row.status === "queued" || row.status === "running") ? 2000 : 0,
  });
  return (
    <div>
      <PageHeader
        title="Imports"
        description="CSV files of students and staff, OneRoster bundles from the SIS and calendar files, and what became of each."
      />
      {error && !data ? (
        <ListLoadError error={error} what="imports" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Imports"
          columns={columns}
          data={data}
          rowId={(row) => row.id}
          loading={isLoading}
          initialSort={{ id: "created_at", desc: true }}
          initialPageSize={10}
          searchLabel="Search imports"
          emptyText="No data available"
          onRowClick={(row) => router.push(href(row))}
        />
      )}
    </div>
  );
}
