"use client";

import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import type { DataColumn } from "@/components/ui/data-table";
import type { CredentialUser } from "@/lib/credentials/present";

function AccountBadge({ user }: { user: CredentialUser }) {
  return user.account_status === "active" ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <span title={user.status}>
      <Badge tone="danger">Disabled</Badge>
    </span>
  );
}

function PasswordBadge({ user }: { user: CredentialUser }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge tone={user.password_expired ? "warning" : "neutral"}>{user.password_status}</Badge>
      {user.sso_linked && <Badge tone="neutral">School account</Badge>}
    </span>
  );
}

/** The 'Users' table's columns (spec §2): name, account status, password status and account type. */
export const USER_COLUMNS: DataColumn<CredentialUser>[] = [
  {
    id: "name",
    header: "Name",
    // The username (email or student number) is searchable too: admins look students up by number.
    value: (u) => `${u.name} (${u.username})`,
    cell: (u) => (
      <span className="flex items-center gap-3">
        <span className="hidden sm:inline-flex">
          <Avatar initials={u.initials} color={u.color} size="sm" />
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="font-medium text-slate-900">{u.name}</span>
          <span className="text-xs break-all text-slate-600">{u.username}</span>
          {/* Phones hide the status columns: the same facts, under the name. */}
          <span className="mt-1 flex flex-wrap gap-1 sm:hidden">
            <AccountBadge user={u} />
            <PasswordBadge user={u} />
            <span className="text-xs text-slate-600">{u.display_role}</span>
          </span>
        </span>
      </span>
    ),
  },
  {
    id: "account_status",
    header: "Account status",
    value: (u) => (u.account_status === "active" ? "Active" : "Disabled"),
    cell: (u) => <AccountBadge user={u} />,
    className: "hidden sm:table-cell",
  },
  {
    id: "password_status",
    header: "Password status",
    value: (u) => u.password_status,
    cell: (u) => <PasswordBadge user={u} />,
    className: "hidden sm:table-cell",
  },
  {
    id: "account_type",
    header: "Account type",
    value: (u) => u.display_role,
    className: "hidden sm:table-cell",
  },
];
