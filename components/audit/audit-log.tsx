"use client";

import { Download } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { ListLoadError } from "@/components/people/list-parts";
import { Button } from "@/components/ui/button";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { useAction } from "@/components/ui/use-action";
import { apiGet } from "@/lib/api/request.client";
import type { AuditEntryView } from "@/lib/audit/present";
import type { AuditLogView } from "@/lib/audit/service.server";
import { AuditFilters, filterQuery, NO_FILTERS, type AuditFilterValues } from "./audit-filters";
import { downloadText, stampedName } from "./download";
import { useSchoolTime } from "./use-school-time";

/**
 * /audit (administrators and sysadmins): every administrative change, newest first: who, what, whom
 * and when, filtered by actor, action and dates, and exported as CSV. Any action anyone writes with
 * insertAudit shows here; its details are spelled out as they were stored.
 */
// eslint-disable-next-line max-lines-per-function -- the log's column definitions read best beside the table they feed
export function AuditLogScreen() {
  const [filters, setFilters] = useState<AuditFilterValues>(NO_FILTERS);
  const query = filterQuery(filters);
  const { data, error, isLoading, mutate } = useSWR<AuditLogView>(`/api/audit${query}`, {
    keepPreviousData: true,
  });
  const when = useSchoolTime();

  const columns: DataColumn<AuditEntryView>[] = [
    {
      id: "created_at",
      header: "When",
      value: (e) => e.created_at,
      cell: (e) => when(e.created_at),
      searchable: false,
    },
    {
      id: "actor",
      header: "Actor",
      value: (e) => e.actor?.name ?? "",
      secondary: "sm",
      cell: (e) =>
        e.actor ? (
          <span className="flex flex-col">
            <span>{e.actor.name}</span>
            {e.actor.role && <span className="text-xs text-slate-600">{e.actor.role}</span>}
          </span>
        ) : (
          <span className="text-slate-500">Unknown</span>
        ),
    },
    { id: "action", header: "Action", value: (e) => e.action_label },
    {
      id: "target",
      header: "Target",
      value: (e) => (e.target ? `${e.target.name} ${e.target.username ?? ""}` : ""),
      secondary: "sm",
      cell: (e) =>
        e.target ? (
          <span className="flex flex-col">
            <span>{e.target.name}</span>
            {e.target.username && (
              <span className="text-xs break-all text-slate-600">{e.target.username}</span>
            )}
          </span>
        ) : (
          ""
        ),
    },
    {
      id: "details",
      header: "Details",
      value: (e) => e.summary,
      sortable: false,
      secondary: "md",
      className: "max-w-md",
      cell: (e) => <span className="text-xs break-words text-slate-700">{e.summary}</span>,
    },
  ];

  const { run: exportCsv, busy: exporting } = useAction(
    async () => downloadText(stampedName("audit-log"), await apiGet<string>(`/api/audit/export${query}`)),
    { failed: "The audit log could not be exported. Please try again." },
  );

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title="Audit Log"
        description="Every administrative change: who did what, to whom, and when."
        actions={
          <Button variant="secondary" onClick={exportCsv} loading={exporting}>
            <Download aria-hidden className="size-4" /> Export CSV
          </Button>
        }
      />
      <AuditFilters value={filters} onChange={setFilters} choices={data} />
      {data?.truncated && (
        <p role="status" className="text-sm text-slate-700">
          Showing the newest {data.limit.toLocaleString("en-US")} matching entries. Narrow the filters, or
          export them all as CSV.
        </p>
      )}
      {error && !data ? (
        <ListLoadError error={error} what="audit log" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Audit log"
          columns={columns}
          data={data?.entries}
          rowId={(e) => e.id}
          loading={isLoading}
          initialPageSize={25}
          initialSort={{ id: "created_at", desc: true }}
          searchLabel="Search the audit log"
          emptyText="Nothing to show"
        />
      )}
    </div>
  );
}
