"use client";

import { useRouter } from "next/navigation";
import useSWR from "swr";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import type { StaffListItem } from "@/lib/people/lists";
import { ImportsLink, ListLoadError, PersonLink } from "./list-parts";
import { useManagesPeople } from "./use-manages-people";
import { AddStaffButton } from "./staff-dialog";

const staffHref = (member: StaffListItem) => `/staff/${member.id}`;

const columns: DataColumn<StaffListItem>[] = [
  {
    id: "last_name",
    header: "Last name",
    value: (s) => s.last_name,
    cell: (s) => (
      <PersonLink
        href={staffHref(s)}
        text={s.last_name}
        label={`${s.last_name}, ${s.first_name}`}
        initials={s.initials}
        color={s.color}
        phoneDetails={[s.first_name, s.email]}
      />
    ),
  },
  {
    id: "first_name",
    header: "First name",
    value: (s) => s.first_name,
    className: "hidden sm:table-cell",
  },
  {
    id: "email",
    header: "Email",
    value: (s) => s.email,
    className: "hidden sm:table-cell",
  },
];

/** /staff: every staff member in a searchable table; each row opens the profile. */
export function StaffListScreen() {
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSWR<StaffListItem[]>("/api/staff");
  const manages = useManagesPeople();
  return (
    <div>
      <PageHeader
        title="Staff"
        actions={
          manages ? (
            <>
              <ImportsLink />
              <AddStaffButton />
            </>
          ) : null
        }
      />
      {error && !data ? (
        <ListLoadError error={error} what="staff list" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Staff"
          columns={columns}
          data={data}
          rowId={(s) => s.id}
          loading={isLoading}
          initialSort={{ id: "last_name" }}
          searchLabel="Search staff"
          onRowClick={(s) => router.push(staffHref(s))}
        />
      )}
    </div>
  );
}
