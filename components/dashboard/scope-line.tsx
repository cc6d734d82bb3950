"use client";

import useSWR from "swr";
import type { ClusterListItem } from "@/lib/clusters/present";
import type { DashboardAnswer } from "@/lib/dashboard/schemas";
import { gradeLabel } from "@/lib/grade-range";
import type { StaffListItem } from "@/lib/people/lists.server";

/**
 * What the page covers, in words: the dates, the school days and every filter in use. On paper it
 * stands for the filters, which do not print.
 */
export function ScopeLine({ answer }: { answer: DashboardAnswer }) {
  const { data: staff } = useSWR<StaffListItem[]>("/api/staff");
  const { data: clusters } = useSWR<ClusterListItem[]>("/api/clusters");
  const nameOf = (id: number) => staff?.find((member) => member.id === id)?.name ?? `#${id}`;
  const { scope, thresholds } = answer;
  const days = answer.school_days;
  const parts = [
    `${answer.from} to ${answer.to}`,
    `${days} school ${days === 1 ? "day" : "days"} with a Focus Block`,
    scope.staff_id !== null ? `Teacher: ${nameOf(scope.staff_id)}` : null,
    scope.grade !== null ? `Grade ${gradeLabel(scope.grade)}` : null,
    scope.homeroom_id !== null ? `Homeroom: ${nameOf(scope.homeroom_id)}` : null,
    scope.cluster_id !== null
      ? `Cluster: ${clusters?.find((c) => c.id === scope.cluster_id)?.name ?? `#${scope.cluster_id}`}`
      : null,
    `missed ${thresholds.missed_min} or more, elsewhere ${thresholds.elsewhere_min} or more`,
  ];
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {parts.filter(Boolean).join(" · ")}
    </p>
  );
}
