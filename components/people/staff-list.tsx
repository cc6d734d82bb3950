"use client";

import { useRouter } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import type { StaffListItem } from "@/lib/people/lists.server";
import { ImportsLink, ListLoadError, PersonLink } from "./list-parts";
import { useManagesPeople } from "./use-manages-people";
import { AddStaffButton } from "./staff-dialog";
import { StaffFocusDialog } from "./staff-focus-dialog";

const staffHref = (member: StaffListItem) => `/staff/${member.id}`;

/** "Secretary, Main office", "Science", or "" when the import gave neither. */
const positionOf = (member: StaffListItem) =>
  [member.position, member.department].filter((part) => part && part.trim()).join(", ");

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
  // The SIS's job title and department (office staff are easy to pick out), where an import gave them.
  {
    id: "position",
    header: "Position",
    value: (s) => positionOf(s),
    secondary: "md",
  },
];

/** Administrators also see who takes Focus Block students, and with what capacity. */
const adminColumns: DataColumn<StaffListItem>[] = [
  ...columns,
  {
    id: "takes_students",
    header: "Focus Block students",
    value: (s) => (s.takes_students ? "Yes" : "No"),
    secondary: "md",
  },
  {
    id: "capacity",
    header: "Capacity",
    kind: "number",
    value: (s) => s.capacity,
    secondary: "md",
  },
];

/**
 * /staff: every staff member in a searchable table; each row opens the profile. Administrators select
 * rows (one by one, or every row the search and filters match) and set the Focus Block capacity and
 * "takes Focus Block students" of all of them at once.
 */
// eslint-disable-next-line max-lines-per-function -- the list's columns read best beside the table they feed
export function StaffListScreen() {
  const router = useRouter();
  const { data, error, isLoading, mutate } = useSWR<StaffListItem[]>("/api/staff");
  const manages = useManagesPeople();
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [matching, setMatching] = useState<StaffListItem[]>([]);
  // Only ids still listed count (a refreshed list may have lost one).
  const chosen = useMemo(
    () => (data ?? []).filter((s) => selected.has(s.id)).map((s) => s.id),
    [data, selected],
  );
  const allMatchingSelected = matching.length > 0 && matching.every((s) => selected.has(s.id));

  const toggle = useCallback((ids: number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const rowLead = manages
    ? {
        header: (
          <Checkbox
            label={<span className="sr-only">Select all {matching.length} matching staff members</span>}
            checked={allMatchingSelected}
            disabled={matching.length === 0}
            onCheckedChange={(on) =>
              toggle(
                matching.map((s) => s.id),
                on,
              )
            }
          />
        ),
        cell: (s: StaffListItem) => (
          // A click on the box selects; it must not open the profile as a click on the row does.
          <span onClick={(event) => event.stopPropagation()}>
            <Checkbox
              label={<span className="sr-only">Select {s.name}</span>}
              checked={selected.has(s.id)}
              onCheckedChange={(on) => toggle([s.id], on)}
            />
          </span>
        ),
      }
    : undefined;

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
          columns={manages ? adminColumns : columns}
          data={data}
          rowId={(s) => s.id}
          loading={isLoading}
          initialSort={{ id: "last_name" }}
          initialPageSize={25}
          searchLabel="Search staff"
          onRowClick={(s) => router.push(staffHref(s))}
          rowLead={rowLead}
          onFilteredRowsChange={manages ? setMatching : undefined}
          actions={
            manages ? (
              <StaffFocusDialog
                selected={chosen}
                onDone={async () => {
                  setSelected(new Set());
                  await mutate();
                }}
              />
            ) : undefined
          }
        />
      )}
    </div>
  );
}
