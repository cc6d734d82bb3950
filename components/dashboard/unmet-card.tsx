"use client";

import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { DashboardAnswer } from "@/lib/dashboard/schemas";
import { DashboardCard } from "./dashboard-card";
import { EmptyList } from "./empty-list";
import { ListDownload } from "./list-download";
import { StudentLink } from "./student-columns";
import type { DashboardFilters } from "./use-dashboard-filters";

type Unmet = DashboardAnswer["unmet"][number];

const KIND_LABELS: Record<Unmet["kind"], string> = { request: "Request", standing: "Usual choice" };

const columns: DataColumn<Unmet>[] = [
  { id: "date", header: "Date", value: (r) => r.date },
  {
    id: "student",
    header: "Student",
    value: (r) => r.student,
    cell: (r) => <StudentLink id={r.student_id} name={r.student} />,
  },
  { id: "staff", header: "Teacher", value: (r) => r.staff ?? "", secondary: "sm" },
  { id: "kind", header: "Kind", value: (r) => KIND_LABELS[r.kind], secondary: "md" },
  { id: "block", header: "Block", value: (r) => r.block, secondary: "md" },
  { id: "reason", header: "Why it was not placed", value: (r) => r.reason },
];

/** "Unmet": requests and usual choices that could not be placed, each with the rule that refused it. */
export function UnmetCard({
  answer,
  filters,
  loading,
}: {
  answer: DashboardAnswer | undefined;
  filters: DashboardFilters;
  loading: boolean;
}) {
  const rows = answer?.unmet;
  return (
    <DashboardCard
      title="Unmet"
      count={rows?.length}
      description="Requests and usual choices that could not be placed, with the reason."
      actions={<ListDownload list="unmet" what="Unmet" filters={filters} answer={answer} />}
    >
      {rows && rows.length === 0 ? (
        <EmptyList text={"Every request and usual choice in these dates was placed."} />
      ) : (
        <DataTable
          label="Unmet requests and usual choices"
          columns={columns}
          data={rows}
          rowId={(r) => `${r.kind}-${r.date}-${r.block}-${r.student_id}-${r.staff_id ?? ""}`}
          loading={loading}
          initialPageSize={10}
          initialSort={{ id: "date", desc: true }}
          searchLabel="Search unmet"
          emptyText="Every request and usual choice in these dates was placed."
        />
      )}
    </DashboardCard>
  );
}
