"use client";

import type { ReactNode } from "react";
import { useRouter } from "next/navigation";
import { PersonLink } from "@/components/people/list-parts";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import type { Member } from "@/lib/courses/present";

/** Students of a course or members of a cluster: last name (a profile link), first name, grade. */
export function MemberTable({
  label,
  members,
  actions,
  rowAction,
}: {
  label: string;
  members: Member[] | undefined;
  /** Toolbar buttons (Add students). */
  actions?: ReactNode;
  /** A last column per row (Remove). */
  rowAction?: { header: string; cell: (member: Member) => ReactNode };
}) {
  const router = useRouter();
  const columns: DataColumn<Member>[] = [
    {
      id: "last_name",
      header: "Last name",
      value: (m) => m.last_name,
      cell: (m) => (
        <PersonLink
          href={`/students/${m.id}`}
          text={m.last_name}
          label={`${m.last_name}, ${m.first_name}`}
          initials={m.initials}
          color={m.color}
          phoneDetails={[m.first_name]}
        />
      ),
    },
    { id: "first_name", header: "First name", value: (m) => m.first_name, className: "hidden sm:table-cell" },
    { id: "grade", header: "Grade", value: (m) => m.grade, kind: "number" },
  ];
  if (rowAction) {
    columns.push({
      id: "action",
      header: rowAction.header,
      value: () => null,
      cell: rowAction.cell,
      sortable: false,
      filterable: false,
      searchable: false,
    });
  }
  return (
    <DataTable
      label={label}
      columns={columns}
      data={members}
      rowId={(m) => m.id}
      loading={!members}
      initialSort={{ id: "last_name" }}
      initialPageSize={10}
      searchLabel="Search students"
      actions={actions}
      onRowClick={(m) => router.push(`/students/${m.id}`)}
    />
  );
}
