"use client";

import { useMemo } from "react";
import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { useSignedInUser } from "@/components/auth/use-auth";
import { PageHeader } from "@/components/ui/page-header";
import { PrintButton } from "@/components/ui/print-button";
import { schoolToday } from "@/lib/core/time";
import { DashboardError } from "./dashboard-error";
import { DashboardFilters } from "./dashboard-filters";
import { FollowUpLists } from "./follow-up-lists";
import { NotSeenCard } from "./not-seen-card";
import { ParticipationCard } from "./participation-card";
import { ScopeLine } from "./scope-line";
import { TeacherLoadCard } from "./teacher-load-card";
import { UnmetCard } from "./unmet-card";
import { useDashboard } from "./use-dashboard";
import { DASHBOARD_FILTER_KEYS, useDashboardFilters } from "./use-dashboard-filters";

/**
 * /dashboard: who is falling through, at a glance. Administrators see the whole school (or one
 * teacher's scope); a teacher sees the same page for their own students and blocks (the API decides).
 */
export function DashboardScreen() {
  const { user } = useSignedInUser();
  const timezone = useSchoolTimezone();
  const today = useMemo(() => schoolToday(timezone, new Date()), [timezone]);
  const [filters, setFilters] = useDashboardFilters();
  const { data, error, isLoading, mutate } = useDashboard(filters);
  const admin = user.role === "admin" || user.role === "sysadmin";
  const parts = { answer: data, filters, loading: isLoading };
  const clearFilters = () => setFilters(Object.fromEntries(DASHBOARD_FILTER_KEYS.map((key) => [key, ""])));

  return (
    <div className="min-w-0">
      <PageHeader
        title="Dashboard"
        description={
          admin
            ? "Who is falling through: participation, students to follow up, teacher load and unmet requests."
            : "Your students and your Focus Blocks: participation, students to follow up and unmet requests."
        }
        actions={<PrintButton />}
      />
      <div className="flex flex-col gap-6">
        <DashboardFilters
          value={filters}
          shown={{ from: data?.from, to: data?.to, ...data?.thresholds }}
          onChange={setFilters}
          today={today}
          canPickTeacher={admin}
        />
        {data && !error && <ScopeLine answer={data} />}
        {/* An answer for other filters than the ones on screen would mislead: the error stands alone. */}
        {error ? (
          <DashboardError error={error} onRetry={() => void mutate()} onClearFilters={clearFilters} />
        ) : (
          <>
            <ParticipationCard {...parts} />
            <FollowUpLists {...parts} />
            <NotSeenCard {...parts} />
            <TeacherLoadCard {...parts} />
            <UnmetCard {...parts} />
          </>
        )}
      </div>
    </div>
  );
}
