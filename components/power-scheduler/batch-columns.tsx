import { Undo2 } from "lucide-react";
import type { useSchoolTime } from "@/components/audit/use-school-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { DataColumn } from "@/components/ui/data-table";
import { fromIsoDate } from "@/components/ui/date-picker";
import type { PowerScheduleBatch } from "@/lib/scheduler/present";

const day = (iso: string) =>
  fromIsoDate(iso)!.toLocaleDateString("en-US", { month: "short", day: "numeric" });
export const kind = (b: PowerScheduleBatch) => (b.type === "appointment" ? "Appointment" : "Amendment");

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

/** The batches table's columns: when, by whom, what, staff, dates, how many, and Undo while still pending. */
export function batchColumns(
  when: ReturnType<typeof useSchoolTime>,
  setUndoing: (batch: PowerScheduleBatch) => void,
): DataColumn<PowerScheduleBatch>[] {
return [
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
}
