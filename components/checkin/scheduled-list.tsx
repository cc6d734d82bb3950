"use client";

import { useState, type ReactNode } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { PrintViewLink } from "@/components/ui/print-button";
import { Panel } from "./panel";
import type { PlannedStudent } from "./use-check-in-status";

/** 'Scheduled': students planned with the caller and not checked in yet; tick the ones present and check them in. */
// eslint-disable-next-line max-lines-per-function -- the roll call list and its select-all are one table
export function ScheduledList({
  planned,
  loading,
  disabled,
  onCheckIn,
  waitlist,
  printHref,
}: {
  /** The caller's printable Focus Block list for the day (a teacher's; components/printing/focus-block-list.tsx). */
  printHref?: string | null;
  planned: readonly PlannedStudent[] | null;
  /** Who waits for a seat with the caller on this block, in line order (components/calendar/waitlist-list.tsx). */
  waitlist?: ReactNode;
  loading: boolean;
  disabled: boolean;
  /** Resolves when the check-in went through (the ticks are then cleared). */
  onCheckIn: (studentIds: number[]) => Promise<boolean>;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<number>>(new Set());
  // By hand: the write and its failures are the caller's (onCheckIn); this only spins its button.
  const [busy, setBusy] = useState(false);
  const list = planned ?? [];
  // Only students still listed count (a refresh may have moved some to Checked In).
  const selected = list.filter((p) => ticked.has(p.student.id)).map((p) => p.student.id);
  const allTicked = list.length > 0 && selected.length === list.length;

  function toggle(id: number, on: boolean) {
    setTicked((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function checkIn() {
    setBusy(true);
    try {
      if (await onCheckIn(selected)) setTicked(new Set());
    } finally {
      setBusy(false);
    }
  }

  return (
    <Panel
      title="Scheduled"
      count={planned ? list.length : undefined}
      countLabel="students"
      actions={
        <>
          {printHref && <PrintViewLink href={printHref}>Print list</PrintViewLink>}
          {list.length > 0 && (
            <Button size="sm" onClick={checkIn} disabled={disabled || selected.length === 0} loading={busy}>
              Check in{selected.length > 0 ? ` ${selected.length}` : ""}
            </Button>
          )}
        </>
      }
    >
      {loading && !planned ? (
        <ListSkeleton />
      ) : list.length === 0 ? (
        <EmptyState title="No students scheduled" className="py-6" />
      ) : (
        <>
          <Checkbox
            label="Select all"
            checked={allTicked}
            onCheckedChange={(on) => setTicked(on ? new Set(list.map((p) => p.student.id)) : new Set())}
            className="mb-2 border-b border-slate-100 pb-2 pl-1"
          />
          <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto">
            {list.map((plan) => (
              <li key={plan.id} className="py-1.5 pl-1">
                <Checkbox
                  checked={ticked.has(plan.student.id)}
                  onCheckedChange={(on) => toggle(plan.student.id, on)}
                  label={
                    <span className="flex items-center gap-2.5">
                      <Avatar initials={plan.student.initials} color={plan.student.color} size="sm" />
                      <span className="text-sm text-slate-900">{plan.student.name}</span>
                    </span>
                  }
                />
              </li>
            ))}
          </ul>
        </>
      )}
      {waitlist && <div className="mt-4 border-t border-slate-100 pt-3">{waitlist}</div>}
    </Panel>
  );
}

export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <ul aria-hidden className="space-y-3">
      {Array.from({ length: rows }, (_, i) => (
        <li key={i} className="flex items-center gap-3">
          <span className="size-8 animate-pulse rounded-full bg-slate-200" />
          <span className="h-4 w-40 animate-pulse rounded bg-slate-200" />
        </li>
      ))}
    </ul>
  );
}
