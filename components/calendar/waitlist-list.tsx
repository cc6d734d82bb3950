"use client";

import useSWR from "swr";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { Badge } from "@/components/ui/badge";
import { fetcher } from "@/lib/api/request.client";
import type { StaffWaitlistResponse } from "@/lib/core/schedule/types";
import { ordinal, waitlistClock } from "./waitlist-words";

/** GET /api/staff/{id}/waitlist/{date}: the teacher's waitlists that day. */
export const staffWaitlistKey = (staffId: number, date: string) => `/api/staff/${staffId}/waitlist/${encodeURIComponent(date)}`;

/** The teacher's waitlist on one block and date, in line order. */
export function useBlockWaitlist(staffId: number | null, date: string | null, blockId: number | null) {
  const { data, error } = useSWR<StaffWaitlistResponse>(staffId && date ? staffWaitlistKey(staffId, date) : null, fetcher);
  const entries = data?.blocks.find((b) => b.block_id === blockId)?.entries ?? null;
  return { entries: error ? [] : entries, loading: !data && !error };
}

/**
 * Who waits for a seat with the teacher, first in line first (the teacher's block dialog and the
 * check-in screen's Scheduled list). Nothing when nobody waits.
 */
export function WaitlistEntries({ entries, heading }: { entries: StaffWaitlistResponse["blocks"][number]["entries"]; heading?: string }) {
  if (entries.length === 0) return null;
  return (
    <div data-testid="waitlist">
      {heading && <h3 className="mb-1.5 text-sm font-semibold text-slate-800">{heading}</h3>}
      <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Waitlist, first in line first">
        {entries.map((entry) => (
          <li key={entry.student.id} className="flex items-center gap-3 px-3 py-2 text-sm">
            <span className="w-9 shrink-0 text-slate-600 tabular-nums">{ordinal(entry.position)}</span>
            <a href={`/students/${entry.student.id}`} className="min-w-0 flex-1 truncate font-medium text-indigo-700 hover:underline">
              {entry.student.name}
            </a>
            {entry.offered_until && <HeldBadge until={entry.offered_until} />}
          </li>
        ))}
      </ol>
    </div>
  );
}

function HeldBadge({ until }: { until: string }) {
  const timezone = useSchoolTimezone();
  return <Badge tone="success">Seat held until {waitlistClock(until, timezone)}</Badge>;
}
