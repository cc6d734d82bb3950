"use client";

import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { ListLoadError } from "@/components/people/list-parts";
import { Checkbox } from "@/components/ui/checkbox";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import type { CredentialUser } from "@/lib/credentials/present";
import type { ResetPassword } from "@/lib/credentials/service.server";
import { USER_COLUMNS } from "./columns";
import { CredentialActions } from "./credential-actions";
import { ResetPasswordsDialog } from "./reset-passwords-dialog";

const WHY_NOT: Record<string, string> = {
  self: "your own account (use Change Password)",
  protected: "only a system administrator can change this account",
};

/**
 * /credentials-manager: the 'Users' table (name, account status, password status, account type) with
 * search, sort, filters and pages of 5/10/25 (10 first); select accounts one by one or every account
 * matching the search and filters, then reset, invalidate, disable or reenable them.
 */
// eslint-disable-next-line max-lines-per-function -- the screen's table, selection and actions share one selection state
export function CredentialsManagerScreen() {
  const { user } = useSignedInUser();
  const { data, error, isLoading, mutate } = useSWR<CredentialUser[]>("/api/users");
  const [selected, setSelected] = useState<Set<number>>(() => new Set());
  const [matching, setMatching] = useState<CredentialUser[]>([]);
  const [passwords, setPasswords] = useState<ResetPassword[] | null>(null);

  const selectable = useMemo(() => matching.filter((u) => u.can_manage), [matching]);
  const allMatchingSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  // Only ids still listed count (a refreshed list may have lost one).
  const chosen = useMemo(
    () => (data ?? []).filter((u) => selected.has(u.id)).map((u) => u.id),
    [data, selected],
  );

  const toggle = useCallback((id: number, on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  function toggleAllMatching(on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      for (const u of selectable) {
        if (on) next.add(u.id);
        else next.delete(u.id);
      }
      return next;
    });
  }

  const rowLead = {
    header: (
      <Checkbox
        label={<span className="sr-only">Select all {selectable.length} matching accounts</span>}
        checked={allMatchingSelected}
        disabled={selectable.length === 0}
        onCheckedChange={toggleAllMatching}
      />
    ),
    cell: (u: CredentialUser) => (
      <span
        title={
          u.can_manage ? undefined : `Not selectable: ${u.id === user.id ? WHY_NOT.self : WHY_NOT.protected}`
        }
      >
        <Checkbox
          label={<span className="sr-only">Select {u.name}</span>}
          checked={selected.has(u.id)}
          disabled={!u.can_manage}
          onCheckedChange={(on) => toggle(u.id, on)}
        />
      </span>
    ),
  };

  return (
    <div>
      <PageHeader
        title="Credentials Manager"
        description="Reset or invalidate passwords, and disable or reenable accounts."
      />
      {error && !data ? (
        <ListLoadError error={error} what="list of users" onRetry={() => void mutate()} />
      ) : (
        <section aria-labelledby="users-heading" className="flex flex-col gap-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="users-heading" className="text-lg font-semibold text-slate-900">
              Users
            </h2>
            <CredentialActions
              selected={chosen}
              onPasswords={setPasswords}
              onDone={() => {
                setSelected(new Set());
                void mutate();
              }}
            />
          </div>
          <DataTable
            label="Users"
            columns={USER_COLUMNS}
            data={data}
            rowId={(u) => u.id}
            loading={isLoading}
            initialPageSize={10}
            initialSort={{ id: "name" }}
            searchLabel="Search users"
            rowLead={rowLead}
            onFilteredRowsChange={setMatching}
          />
        </section>
      )}
      <ResetPasswordsDialog passwords={passwords} onClose={() => setPasswords(null)} />
    </div>
  );
}
