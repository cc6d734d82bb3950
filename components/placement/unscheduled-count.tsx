"use client";

import { UserRoundX } from "lucide-react";
import Link from "next/link";
import useSWR from "swr";
import { focusRing } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { UnscheduledResponse } from "@/lib/placement/types";

export const unscheduledKey = (date: string) => `/api/placement/unscheduled?date=${date}`;

/**
 * The check-in screen's count of students with no teacher, appointment or amendment on the shown date
 * (administrators: the school; teachers: their default students), linking to the Unscheduled list.
 */
export function UnscheduledCount({ date }: { date: string | null | undefined }) {
  const { data } = useSWR<UnscheduledResponse>(date ? unscheduledKey(date) : null, { refreshInterval: 60_000 });
  if (!date || !data || data.students.length === 0) return null;
  const count = data.students.length;
  return (
    <p className="mb-4 text-sm">
      <Link
        href={`/unscheduled?date=${date}`}
        data-testid="unscheduled-count"
        className={cn("inline-flex items-center gap-1.5 rounded-sm font-medium text-amber-800 hover:underline", focusRing)}
      >
        <UserRoundX aria-hidden className="size-4" />
        {count} unscheduled {count === 1 ? "student" : "students"}
      </Link>
    </p>
  );
}
