"use client";

import { Undo2 } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { ListLoadError } from "@/components/people/list-parts";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { fromIsoDate } from "@/components/ui/date-picker";
import { snackbar } from "@/components/ui/snackbar";
import { apiPost, messageOf } from "@/lib/api/client";
import type { PowerScheduleBatch } from "@/lib/scheduler/present";
import type { UndoResult } from "@/lib/scheduler/service";

const day = (iso: string) =>
  fromIsoDate(iso)!.toLocaleDateString("en-US", { month: "short", day: "numeric" });
const kind = (b: PowerScheduleBatch) => (b.type === "appointment" ? "Appointment" : "Amendment");

function datesLabel(b: PowerScheduleBatch) {
  const span = b.end_date === b.date ? day(b.date) : `${day(b.date)} – ${day(b.end_date)}`;
  return `${span} (${b.dates.length} date${b.dates.length === 1 ? "" : "s"})`;
}

function countLabel(b: PowerScheduleBatch) {
  const whom =
    b.student_type === "all"
      ? "all students"
      : `${b.summary?.students ?? "?"} student${b.summary?.students === 1 ? "" : "s"}`;
  // An undone batch has no rows left: say how many it made.
  const made = b.undone_at ? (b.summary?.created ?? b.rows) : b.rows;
  return `${made.toLocaleString("en-US")} for ${whom}`;
}

/** The batches list for administrators: who, when, what, how many, and Undo while still pending. */
export function BatchesList() {
  const { data, error, isLoading, mutate } = useSWR<PowerScheduleBatch[]>("/api/power-scheduler");
  const [undoing, setUndoing] = useState<PowerScheduleBatch | null>(null);
  const when = useSchoolTime();

  const columns: DataColumn<PowerScheduleBatch>[] = [
    {
      id: "created_at",
      header: "When",
      value: (b) => b.created_at,
      cell: (b) => when(b.created_at),
      searchable: false,
    },
    {
      id: "created_by",
      header: "By",
      value: (b) => b.created_by?.name ?? "",
      secondary: "md",
    },
    {
      id: "what",
      header: "What",
      primary: true,
      value: (b) => `${kind(b)}: ${b.memo}`,
      cell: (b) => (
        <span className="flex flex-col">
          <span className="font-medium text-slate-900">{kind(b)}</span>
          <span className="text-xs break-words text-slate-600">{b.memo}</span>
        </span>
      ),
    },
    { id: "staff", header: "Staff", value: (b) => b.staff?.name ?? "", secondary: "md" },
    {
      id: "dates",
      header: "Dates",
      value: (b) => b.date,
      secondary: "md",
      cell: (b) => (
        <span className="flex flex-col">
          <span>{datesLabel(b)}</span>
          <span className="text-xs text-slate-600">{b.blocks.join(", ")}</span>
        </span>
      ),
    },
    {
      id: "rows",
      header: "How many",
      value: (b) => b.rows,
      kind: "number",
      cell: countLabel,
      secondary: "md",
    },
    {
      id: "status",
      header: "Undo",
      value: (b) => (b.undone_at ? "Undone" : b.undoable ? "Pending" : "Past"),
      sortable: false,
      cell: (b) =>
        b.undone_at ? (
          <Badge>Undone{b.undone_by ? ` by ${b.undone_by.name}` : ""}</Badge>
        ) : b.undoable ? (
          <Button
            size="sm"
            variant="secondary"
            aria-label={`Undo ${kind(b).toLowerCase()} batch: ${b.memo}`}
            onClick={() => setUndoing(b)}
          >
            <Undo2 aria-hidden className="size-4" /> Undo
          </Button>
        ) : (
          <span className="text-xs text-slate-600">Blocks have started</span>
        ),
    },
  ];

  async function undo() {
    if (!undoing) return;
    try {
      const result = await apiPost<UndoResult>(`/api/power-scheduler/${undoing.id}/undo`);
      snackbar(result.message);
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
      throw failure;
    } finally {
      await mutate();
    }
  }

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
