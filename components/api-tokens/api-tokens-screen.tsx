"use client";

import { BookOpen, Plus } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiDelete, messageOf } from "@/lib/api/request.client";
import type { ApiTokenView } from "@/lib/api-tokens/answers";
import { CreateDialog } from "./create-token-dialog";
import { tokenColumns } from "./token-columns";
import { SecretDialog } from "./token-secret-dialog";
import { TOKENS_KEY as KEY, type CreatedToken } from "./use-create-token";

/** /api-tokens: administrators create, list and revoke the API tokens integrations (an SIS) use. */
export function ApiTokensScreen() {
  const { data, error, isLoading, mutate } = useSWR<{ tokens: ApiTokenView[] }>(KEY);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenView | null>(null);
  const when = useSchoolTime();

  const columns = tokenColumns(when, setRevoking);

  const revoke = useAction(
    async () => {
      if (!revoking) return;
      try {
        await apiDelete(`${KEY}/${revoking.id}`);
        snackbar(`Revoked "${revoking.name}".`, { tone: "success" });
        setRevoking(null);
      } finally {
        await mutate();
      }
    },
    { failed: "The token could not be revoked." },
  ).run;

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
