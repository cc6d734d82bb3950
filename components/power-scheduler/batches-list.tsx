"use client";

import { useState } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { ListLoadError } from "@/components/people/list-parts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable } from "@/components/ui/data-table";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiPost } from "@/lib/api/request.client";
import type { PowerScheduleBatch } from "@/lib/scheduler/present";
import type { UndoResult } from "@/lib/scheduler/service.server";
import { batchColumns } from "./batch-columns";

/** The batches list for administrators: who, when, what, how many, and Undo while still pending. */
export function BatchesList() {
  const { data, error, isLoading, mutate } = useSWR<PowerScheduleBatch[]>("/api/power-scheduler");
  const [undoing, setUndoing] = useState<PowerScheduleBatch | null>(null);
  const when = useSchoolTime();

  const columns = batchColumns(when, setUndoing);

  const undo = useAction(
    async () => {
      if (!undoing) return;
      try {
        const result = await apiPost<UndoResult>(`/api/power-scheduler/${undoing.id}/undo`);
        snackbar(result.message);
      } finally {
        await mutate();
      }
    },
    { rethrow: true },
  ).run;

  return (
    <section aria-labelledby="batches-heading" className="flex flex-col gap-3">
      <h2 id="batches-heading" className="text-lg font-semibold text-slate-900">
        Batches
      </h2>
      {error && !data ? (
        <ListLoadError error={error} what="list of batches" onRetry={() => void mutate()} />
      ) : (
        <DataTable
          label="Batches"
          columns={columns}
          data={data}
          rowId={(b) => b.id}
          loading={isLoading}
          initialSort={{ id: "created_at", desc: true }}
          searchLabel="Search batches"
          emptyText="No batches yet"
        />
      )}
      <ConfirmDialog
        open={undoing !== null}
        onOpenChange={(open) => !open && setUndoing(null)}
        title="Undo this batch?"
        description={
          undoing
            ? `Its ${undoing.rows.toLocaleString("en-US")} ${undoing.type}${undoing.rows === 1 ? "" : "s"} are removed, and the plans it cleared are given back to the students.`
            : undefined
        }
        confirmLabel="Undo"
        destructive
        onConfirm={undo}
      />
    </section>
  );
}
