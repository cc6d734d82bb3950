import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button, focusRing } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { cn } from "@/lib/cn";
import { checkedInCountText } from "@/lib/checkin/elsewhere-rules";
import type { presentElsewhereEntry } from "@/lib/checkin/present";
import { MethodIcon } from "./method-icon";
import { Panel } from "./panel";
import { ListSkeleton } from "./scheduled-list";
import type { LedgerEntry } from "./use-check-in-status";

/** A student the caller scanned whom someone else had checked in (GET /api/check-in/elsewhere/{date}). */
export type ElsewhereEntry = ReturnType<typeof presentElsewhereEntry>;

/**
 * 'Checked In': the caller's check-ins, their planned students checked in elsewhere, and the students
 * they scanned whom someone else had checked in ("Checked in elsewhere"), newest first. When the
 * school allows it, those can be moved here.
 */
// eslint-disable-next-line max-lines-per-function -- the list and its per-row actions are one table
export function CheckedInList({
  entries,
  loading,
  elsewhere = [],
  canMove = false,
  onMove,
}: {
  entries: readonly LedgerEntry[] | null;
  loading: boolean;
  elsewhere?: readonly ElsewhereEntry[];
  canMove?: boolean;
  onMove?: (entry: ElsewhereEntry) => void;
}) {
  const shown = new Set((entries ?? []).map((entry) => entry.student.id));
  const extra = entries ? elsewhere.filter((entry) => !shown.has(entry.student.id)) : [];
  const list: (LedgerEntry | ElsewhereEntry)[] = [...(entries ?? []), ...extra].sort((a, b) =>
    b.checked_in_at.localeCompare(a.checked_in_at),
  );
  // Every student the caller scanned whom someone else had checked in, also when they are one of the
  // caller's planned students (already listed as checked in by someone else): the badge and Move here.
  const scannedElsewhere = new Map(elsewhere.map((entry) => [entry.student.id, entry]));
  // Students someone else checked in are listed but not counted as here: "8 here · 22 elsewhere".
  const elsewhereCount = (entries ?? []).filter((entry) => entry.by_other_staff).length + extra.length;
  const hereCount = list.length - elsewhereCount;
  return (
    <Panel
      title="Checked In"
      count={entries ? hereCount : undefined}
      countText={entries && elsewhereCount > 0 ? checkedInCountText(hereCount, elsewhereCount) : undefined}
      countLabel="students"
    >
      {loading && !entries ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <EmptyState title="No attendance recorded" className="py-6" />
      ) : (
        // A long list scrolls inside the panel: it takes focus so a keyboard can scroll it
        // (axe: scrollable-region-focusable; on 2027-06-25 the seeded list was long enough).
        <ul
          aria-label="Students checked in"
          tabIndex={0}
          className={cn("max-h-[28rem] divide-y divide-slate-100 overflow-y-auto", focusRing)}
        >
          {list.map((entry) => {
            const scanned = scannedElsewhere.get(entry.student.id);
            const isElsewhere = scanned !== undefined;
            const by =
              "checked_in_by" in entry && entry.checked_in_by ? entry.checked_in_by : entry.staff?.name;
            return (
              <li
                key={entry.id}
                className="flex items-start gap-3 py-2"
                data-testid={isElsewhere ? "checked-in-elsewhere" : undefined}
              >
                <Avatar initials={entry.student.initials} color={entry.student.color} size="sm" />
                {/* The name, then what happened on lines of their own: nothing pushes the time off a phone. */}
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm text-slate-900">{entry.student.name}</p>
                  {isElsewhere && <Badge tone="warning">Checked in elsewhere</Badge>}
                  {entry.by_other_staff && (
                    <p className="truncate text-xs text-slate-600">
                      Checked in by {by ?? "a system administrator"}
                    </p>
                  )}
                  {scanned && canMove && onMove && (
                    <Button
                      variant="secondary"
                      size="sm"
                      className="mt-1"
                      aria-label={`Move ${entry.student.name} here`}
                      onClick={() => onMove(scanned)}
                    >
                      Move here
                    </Button>
                  )}
                </div>
                <EntryTime entry={entry} />
                <MethodIcon method={entry.method} />
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

/**
 * When the entry was captured: the clock time, except for a check-in made on another day than the
 * block's (proactive or retroactive), whose capture time is another day's clock: it says which it is.
 */
function EntryTime({ entry }: { entry: LedgerEntry }) {
  const otherDay =
    entry.method === "proactive" ? "Proactive" : entry.method === "retroactive" ? "Retroactive" : null;
  return (
    <span className="shrink-0 pt-1.5 text-sm whitespace-nowrap text-slate-700 tabular-nums">
      {otherDay ?? entry.time}
    </span>
  );
}
