"use client";

import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import { focusRing } from "@/components/ui/button";
import type { DataColumn } from "@/components/ui/data-table";
import { cn } from "@/lib/cn";
import { ListCard } from "./list-card";
import { averageLoad, LOAD_STATUS_LABELS, loadStatus, seatShare, type TeacherLoad } from "./load-status";
import type { DashboardPartProps } from "./use-dashboard";

const STATUS_TONES = { always_full: "danger", always_empty: "warning", sometimes_full: "neutral" } as const;

/** The status as a pill, ordered so that sorting puts the teachers to act on first. */
const STATUS_ORDER = { always_full: 0, always_empty: 1, sometimes_full: 2 } as const;

const columns: DataColumn<TeacherLoad>[] = [
  {
    id: "name",
    header: "Teacher",
    value: (r) => r.name,
    cell: (r) => (
      <Link
        href={`/staff/${r.staff_id}`}
        className={cn("rounded-sm font-medium text-indigo-700 hover:underline", focusRing)}
      >
        {r.name}
      </Link>
    ),
  },
  {
    id: "status",
    header: "Status",
    value: (r) => {
      const status = loadStatus(r);
      return status ? STATUS_ORDER[status] : 3;
    },
    cell: (r) => {
      const status = loadStatus(r);
      return status ? <Badge tone={STATUS_TONES[status]}>{LOAD_STATUS_LABELS[status]}</Badge> : null;
    },
    kind: "number",
    filterable: false,
    searchable: false,
  },
  // On a phone the numbers go under the teacher's name (secondary columns), not off the side.
  {
    id: "average",
    header: "Planned per block",
    value: (r) => seatShare(r),
    cell: (r) => averageLoad(r),
    kind: "number",
    secondary: "sm",
  },
  { id: "full", header: "Full blocks", value: (r) => r.full_blocks, kind: "number", secondary: "sm" },
  { id: "empty", header: "Empty blocks", value: (r) => r.empty_blocks, kind: "number", secondary: "sm" },
  { id: "blocks", header: "Blocks", value: (r) => r.blocks, kind: "number", secondary: "md" },
  { id: "requests", header: "Requests made", value: (r) => r.requests, kind: "number", secondary: "md" },
  {
    id: "waitlist",
    header: "Waitlists (longest, entries)",
    value: (r) => r.waitlist_total,
    cell: (r) => `${r.waitlist_longest}, ${r.waitlist_total}`,
    kind: "number",
    secondary: "md",
  },
];

/** "Teacher load": per teacher who takes students, seats planned against capacity, full and empty blocks. */
export function TeacherLoadCard(props: DashboardPartProps) {
  return (
    <ListCard
      {...props}
      list="teacher_load"
      title="Teacher load"
      description="Students planned in an average block against the capacity of one; teachers who were always full or always empty come first."
      rows={props.answer?.teacher_load}
      emptyText="No teacher had a Focus Block in these dates."
      label="Teacher load"
      columns={columns}
      rowId={(r) => r.staff_id}
      initialPageSize={10}
      initialSort={{ id: "status" }}
      searchLabel="Search teachers"
    />
  );
}
