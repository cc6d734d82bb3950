import { Avatar } from "@/components/ui/avatar";
import { EmptyState } from "@/components/ui/empty-state";
import { MethodIcon } from "./method-icon";
import { Panel } from "./panel";
import { ListSkeleton } from "./scheduled-list";
import type { LedgerEntry } from "./use-check-in-status";

/** 'Checked In': the caller's check-ins (and their planned students checked in elsewhere), newest first. */
export function CheckedInList({
  entries,
  loading,
}: {
  entries: readonly LedgerEntry[] | null;
  loading: boolean;
}) {
  const list = entries ?? [];
  return (
    <Panel title="Checked In" count={entries ? list.length : undefined} countLabel="students">
      {loading && !entries ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <EmptyState title="No attendance recorded" className="py-6" />
      ) : (
        <ul className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto">
          {list.map((entry) => (
            <li key={entry.id} className="flex items-center gap-3 py-2">
              <Avatar initials={entry.student.initials} color={entry.student.color} size="sm" />
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm text-slate-900">{entry.student.name}</p>
                {entry.by_other_staff && (
                  <p className="truncate text-xs text-slate-600">
                    Checked in by {entry.staff?.name ?? "a system administrator"}
                  </p>
                )}
              </div>
              <span className="text-sm text-slate-700 tabular-nums">{entry.time}</span>
              <MethodIcon method={entry.method} />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
