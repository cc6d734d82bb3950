"use client";

import { useId } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";

type Staff = PowerSchedulerOptions["staff"][number];

const columns: DataColumn<Staff>[] = [
  { id: "last_name", header: "Last name", value: (s) => s.last_name },
  { id: "first_name", header: "First name", value: (s) => s.first_name },
  { id: "email", header: "Email", value: (s) => s.email, className: "hidden sm:table-cell" },
];

/** Sub-step A: exactly one staff member, from a radio table (last name, first name, email). */
export function StaffPicker({
  staff,
  value,
  onChange,
}: {
  staff: Staff[];
  value: number | null;
  onChange: (id: number) => void;
}) {
  const name = useId();
  return (
    <DataTable
      label="Staff member"
      columns={columns}
      data={staff}
      rowId={(s) => s.id}
      initialSort={{ id: "last_name" }}
      searchLabel="Search staff"
      onRowClick={(s) => onChange(s.id)}
      rowLead={{
        header: <span className="sr-only">Choose</span>,
        cell: (s) => (
          <input
            type="radio"
            name={name}
            checked={value === s.id}
            onChange={() => onChange(s.id)}
            onClick={(event) => event.stopPropagation()}
            aria-label={`Choose ${s.name}`}
            className="size-4 accent-indigo-600"
          />
        ),
      }}
    />
  );
}
