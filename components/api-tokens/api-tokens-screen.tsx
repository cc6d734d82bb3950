"use client";

import { BookOpen, KeyRound, Plus } from "lucide-react";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { Button, buttonClasses } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Dialog, DialogClose } from "@/components/ui/dialog";
import { SelectField } from "@/components/people/select-field";
import { PageHeader } from "@/components/ui/page-header";
import { PASSWORD_CONFIRM_FAILED } from "@/components/ui/password-confirm-dialog";
import { CopyField, ShownOnceDialog } from "@/components/ui/shown-once-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiDelete, apiPost, messageOf } from "@/lib/api/client";
import { API_SCOPES, API_SCOPE_NAMES, type ApiScope } from "@/lib/api-tokens/scopes";
import type { ApiTokenView } from "@/lib/api-tokens/service";

const KEY = "/api/api-tokens";

interface Created {
  id: number;
  name: string;
  scopes: ApiScope[];
  token: string;
  expires_at: string;
}

/** The expiry choices: a number of days, or a date typed in. */
const LIFETIMES = { "30 days": 30, "90 days": 90, "1 year": 365, "Until a date": null } as const;
type Lifetime = keyof typeof LIFETIMES;
const LIFETIME_NAMES = Object.keys(LIFETIMES) as Lifetime[];

const isExpired = (t: ApiTokenView) => t.expires_at !== null && Date.parse(t.expires_at) <= Date.now();

/** /api-tokens: administrators create, list and revoke the API tokens integrations (an SIS) use. */
export function ApiTokensScreen() {
  const { data, error, isLoading, mutate } = useSWR<{ tokens: ApiTokenView[] }>(KEY);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const when = useSchoolTime();

  const columns: DataColumn<ApiTokenView>[] = [
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

  async function revoke() {
    if (!revoking) return;
    try {
      await apiDelete(`${KEY}/${revoking.id}`);
      snackbar(`Revoked "${revoking.name}".`, { tone: "success" });
      setRevoking(null);
    } catch (failure) {
      snackbar(messageOf(failure, "The token could not be revoked."), { tone: "error" });
    } finally {
      await mutate();
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="API tokens"
        description="Tokens let another system, such as your student information system, read Flexblock's reports. Each one works only for the scopes it was given."
        actions={
          <>
            <Link href="/api-docs" className={buttonClasses({ variant: "secondary" })}>
              <BookOpen aria-hidden className="size-4" />
              API reference
            </Link>
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden className="size-4" />
              Create a token
            </Button>
          </>
        }
      />
      {error && !data ? (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {messageOf(error, "The API tokens could not be loaded.")}
        </p>
      ) : (
        <DataTable
          label="API tokens"
          columns={columns}
          data={data?.tokens}
          rowId={(t) => t.id}
          loading={isLoading}
          emptyText="No API tokens yet."
          initialSort={{ id: "created_at", desc: true }}
          searchLabel="Search tokens"
        />
      )}
      <CreateDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
          void mutate();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description="Anything using this token stops working at once. This cannot be undone; create a new token if it is needed again."
        confirmLabel="Revoke"
        destructive
        onConfirm={revoke}
      />
    </div>
  );
}

function CreateDialog({
  open,
  onOpenChange,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated: (created: Created) => void;
}) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["reports:read"]);
  const [password, setPassword] = useState("");
  const [lifetime, setLifetime] = useState<Lifetime>("1 year");
  const [until, setUntil] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  function reset() {
    setName("");
    setScopes(["reports:read"]);
    setPassword("");
    setLifetime("1 year");
    setUntil("");
    setErrors({});
  }

  function change(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const days = LIFETIMES[lifetime];
      const expiry = days === null ? { expires_on: until } : { expires_in_days: days };
      const result = await apiPost<Created>(KEY, { name, scopes, ...expiry, password });
      reset();
      onCreated(result);
    } catch (failure) {
      if (failure instanceof ApiClientError && failure.status === 401 && failure.fieldError("password")) {
        setErrors({ password: PASSWORD_CONFIRM_FAILED });
        setPassword("");
      } else if (failure instanceof ApiClientError && failure.status === 422) {
        setErrors(
          Object.fromEntries(
            Object.entries(failure.errors).map(([k, v]) => [k.split(".")[0]!, v[0] ?? failure.message]),
          ),
        );
      } else snackbar(messageOf(failure, "The token could not be created."), { tone: "error" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title="Create an API token"
      description="Name it after the system that will use it. You will see the token once, right after creating it."
      footer={
        <>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button type="submit" form="api-token-form" loading={saving}>
            Create token
          </Button>
        </>
      }
    >
      <form id="api-token-form" onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <TextField
          label="Name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={errors.name}
          maxLength={100}
          required
          placeholder="Student information system"
          autoComplete="off"
        />
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Scopes</legend>
          {API_SCOPE_NAMES.map((scope) => (
            <Checkbox
              key={scope}
              label={
                <span>
                  <code className="text-xs">{scope}</code>: {API_SCOPES[scope]}
                </span>
              }
              checked={scopes.includes(scope)}
              onCheckedChange={(checked) =>
                setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)))
              }
            />
          ))}
          {errors.scopes && <p className="text-sm text-red-700">{errors.scopes}</p>}
        </fieldset>
        <SelectField
          label="Expires after"
          options={LIFETIME_NAMES}
          value={lifetime}
          onChange={(e) => setLifetime(e.target.value as Lifetime)}
          error={errors.expires_in_days}
        />
        {LIFETIMES[lifetime] === null && (
          <TextField
            label="Expires on"
            type="date"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            error={errors.expires_on}
            hint="At most two years from today. The token stops working at the end of that day (UTC)."
            required
          />
        )}
        <TextField
          label="Your password"
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password}
          hint="A token keeps working after you sign out, so creating one needs your password."
          required
          autoComplete="current-password"
        />
      </form>
    </Dialog>
  );
}

/** Shown once after creating: the server keeps only the token's hash. */
function SecretDialog({ created, onClose }: { created: Created | null; onClose: () => void }) {
  // In the school's time, as the list shows it (issue 23), not this browser's zone.
  const when = useSchoolTime();
  return (
    <ShownOnceDialog
      open={created !== null}
      onClose={onClose}
      title={`Token "${created?.name ?? ""}" created`}
      description="Copy it now and store it in the other system. This is the only time it is shown."
    >
      {created && (
        <>
          <CopyField
            label="API token"
            value={created.token}
            className="font-mono"
            data-testid="api-token-secret"
            copyLabel="Copy token"
            copied={["Copied the token.", { tone: "success" }]}
            failed="Could not copy to the clipboard. Select the token and copy it yourself."
          />
          <p className="flex items-start gap-2 text-sm text-slate-700">
            <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
            Send it as <code className="text-xs">Authorization: Bearer {created.token.slice(0, 8)}…</code>. It
            works only for {created.scopes.join(", ")} and until{" "}
            {when(created.expires_at)}; revoke it here if it leaks.
          </p>
        </>
      )}
    </ShownOnceDialog>
  );
}
