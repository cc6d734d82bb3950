"use client";

import type { DataColumn } from "@/components/ui/data-table";
import type { DashboardAnswer } from "@/lib/dashboard/schemas";
import { ListCard } from "./list-card";
import { StudentLink } from "./student-columns";
import type { DashboardPartProps } from "./use-dashboard";

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
export function UnmetCard(props: DashboardPartProps) {
  return (
    <ListCard
      {...props}
      list="unmet"
      title="Unmet"
      description="Requests and usual choices that could not be placed, with the reason."
      rows={props.answer?.unmet}
      emptyText="Every request and usual choice in these dates was placed."
      label="Unmet requests and usual choices"
      columns={columns}
      rowId={(r) => `${r.kind}-${r.date}-${r.block}-${r.student_id}-${r.staff_id ?? ""}`}
      initialPageSize={10}
      initialSort={{ id: "date", desc: true }}
      searchLabel="Search unmet"
    />
  );
}
