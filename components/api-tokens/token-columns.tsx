import type { useSchoolTime } from "@/components/audit/use-school-time";
import { Button } from "@/components/ui/button";
import type { DataColumn } from "@/components/ui/data-table";
import type { ApiTokenView } from "@/lib/api-tokens/service.server";

const isExpired = (t: ApiTokenView) => t.expires_at !== null && Date.parse(t.expires_at) <= Date.now();

/** The tokens table's columns: name, scopes, hint, created, last used, expiry and status (with Revoke). */
export function tokenColumns(
  when: ReturnType<typeof useSchoolTime>,
  setRevoking: (token: ApiTokenView) => void,
): DataColumn<ApiTokenView>[] {
  return [
    { id: "name", header: "Name", value: (t) => t.name },
    {
      id: "scopes",
      header: "Scopes",
      value: (t) => t.scopes.join(", "),
      cell: (t) => <code className="text-xs">{t.scopes.join(", ")}</code>,
    },
    {
      id: "hint",
      header: "Token",
      value: (t) => t.hint,
      cell: (t) => <code className="text-xs">{t.hint}</code>,
      searchable: false,
    },
    {
      id: "created_at",
      header: "Created",
      value: (t) => t.created_at,
      cell: (t) => (
        <span className="flex flex-col">
          <span>{when(t.created_at)}</span>
          {t.created_by && <span className="text-xs text-slate-600">by {t.created_by.name}</span>}
        </span>
      ),
      searchable: false,
    },
    {
      id: "last_used_at",
      header: "Last used",
      value: (t) => t.last_used_at ?? "",
      cell: (t) => (t.last_used_at ? when(t.last_used_at) : <span className="text-slate-600">Never</span>),
      searchable: false,
    },
    {
      id: "expires_at",
      header: "Expires",
      value: (t) => t.expires_at ?? "",
      cell: (t) =>
        t.expires_at ? (
          <span className={isExpired(t) ? "text-red-700" : undefined}>
            {isExpired(t) ? "Expired " : ""}
            {when(t.expires_at)}
          </span>
        ) : (
          <span className="text-slate-600">Never</span>
        ),
      searchable: false,
    },
    {
      id: "status",
      header: "Status",
      value: (t) => (t.revoked_at ? "Revoked" : isExpired(t) ? "Expired" : "Active"),
      cell: (t) =>
        t.revoked_at ? (
          <span className="text-slate-700">Revoked {when(t.revoked_at)}</span>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setRevoking(t)}
            aria-label={`Revoke ${t.name}`}
          >
            Revoke
          </Button>
        ),
      sortable: false,
      searchable: false,
    },
  ];
}
