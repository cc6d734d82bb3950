"use client";

import { useBlockWaitlist, WaitlistEntries } from "@/components/calendar/waitlist-list";
import { CheckedInList, type ElsewhereEntry } from "./checked-in-list";
import { ScheduledList } from "./scheduled-list";
import type { CheckInStatus } from "./use-check-in-status";

/** The day's two lists beside the scan box: Scheduled (roll call) and Checked In (with "elsewhere"). */
export function DayLists({
  status,
  loading,
  elsewhere,
  onCheckIn,
  onMove,
  staffId = null,
}: {
  status: CheckInStatus | undefined;
  /** The signed-in teacher: their waitlist for the block shows under Scheduled. */
  staffId?: number | null;
  loading: boolean;
  elsewhere: { can_move: boolean; entries: ElsewhereEntry[] } | undefined;
  onCheckIn: (studentIds: number[]) => Promise<boolean>;
  onMove: (entry: ElsewhereEntry) => void;
}) {
  const block = status?.blocks[0] ?? null;
  const waitlist = useBlockWaitlist(block ? staffId : null, status?.date.iso ?? null, block?.block.id ?? null);
  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <ScheduledList
        key={`${status?.date.iso}`}
        planned={block?.planned ?? (status ? [] : null)}
        loading={loading}
        disabled={!block}
        onCheckIn={onCheckIn}
        printHref={block && staffId !== null && status ? `/staff/${staffId}/print?date=${status.date.iso}` : null}
        waitlist={waitlist.entries?.length ? <WaitlistEntries entries={waitlist.entries} heading={`Waitlist (${waitlist.entries.length})`} /> : null}
      />
      <CheckedInList
        entries={block?.ledger_entries ?? (status ? [] : null)}
        loading={loading}
        elsewhere={elsewhere?.entries}
        canMove={elsewhere?.can_move}
        onMove={onMove}
      />
    </div>
  );
}
