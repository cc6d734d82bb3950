"use client";

import { FollowUpList } from "./follow-up-list";
import type { DashboardPartProps } from "./use-dashboard";

/** "Students to follow up": the four lists of who is falling through, thresholds from the answer. */
export function FollowUpLists({ answer, filters, loading }: DashboardPartProps) {
  const lists = answer?.follow_up;
  const missed = answer?.thresholds.missed_min;
  const elsewhere = answer?.thresholds.elsewhere_min;
  const shared = { filters, answer, loading };
  return (
    <section aria-labelledby="follow-up-heading" className="flex flex-col gap-3">
      <h2 id="follow-up-heading" className="text-lg font-semibold text-slate-900">
        Students to follow up
      </h2>
      <div className="grid gap-6 2xl:grid-cols-2">
        <FollowUpList
          {...shared}
          list="never_chose"
          title="Never chose"
          description="Did not choose a Focus Block once in these dates: every block was placed for them."
          countHeader="Blocks placed"
          emptyText="Every student chose at least once in these dates."
          rows={lists?.never_chose}
        />
        <FollowUpList
          {...shared}
          list="missed"
          title={missed ? `Missed ${missed} or more` : "Missed"}
          description="Focus Blocks they were expected at and did not attend."
          countHeader="Blocks missed"
          emptyText={`No student missed ${missed ?? "that many"} or more Focus Blocks in these dates.`}
          rows={lists?.missed}
        />
        <FollowUpList
          {...shared}
          list="elsewhere"
          title={elsewhere ? `Checked in elsewhere ${elsewhere} or more` : "Checked in elsewhere"}
          description="Checked in with another teacher than the one they were planned with."
          countHeader="Times elsewhere"
          emptyText={`No student was checked in elsewhere ${elsewhere ?? "that many"} or more times in these dates.`}
          rows={lists?.elsewhere}
        />
        <FollowUpList
          {...shared}
          list="waitlisted_never_placed"
          title="Waitlisted, never placed"
          description="Joined a waitlist in these dates and never got a seat from it."
          countHeader="Waitlists joined"
          emptyText="Every student on a waitlist in these dates got a seat from it."
          rows={lists?.waitlisted_never_placed}
        />
      </div>
    </section>
  );
}
