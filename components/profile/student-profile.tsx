"use client";

import { UserX } from "lucide-react";
import { Suspense, useState, type ReactNode } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { BlockDialog, findBlock } from "@/components/calendar/block-dialog";
import { StudentBlockDialogBody } from "@/components/calendar/student-block-dialog";
import { studentTile } from "@/components/calendar/tile-rules";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { useSchedule } from "@/components/calendar/use-schedule";
import { WeekCalendar } from "@/components/calendar/week-calendar";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/components/ui/page-title";
import { ApiClientError, fetcher, messageOf } from "@/lib/api/client";
import type { StudentProfile, StudentScheduleResponse } from "@/lib/schedule/types";
import { clusterSummary } from "./cluster-summary";
import { CalendarCard, ProfileHeader, ProfileHeaderSkeleton } from "./profile-header";
import { StarToggle } from "./star-toggle";

export interface StudentProfileViewProps {
  /** A student id (staff looking), or "self" (the student on /profile). */
  who: number | "self";
  /** Title while the profile loads ("Students"); the student's name once it has. */
  fallbackTitle: string;
  /** A fixed title instead of the student's name (the student's own "Profile"). */
  title?: string;
  /** Extra actions in the header (the student's Sign Out). */
  actions?: ReactNode;
}

/** A student's header (avatar, name, grade, clusters) and week; staff get a star toggle. */
export function StudentProfileView(props: StudentProfileViewProps) {
  return (
    <Suspense fallback={<ProfileHeaderSkeleton />}>
      <StudentProfileContent {...props} />
    </Suspense>
  );
}

function StudentProfileContent({ who, fallbackTitle, title, actions }: StudentProfileViewProps) {
  const { user } = useSignedInUser();
  const profile = useSWR<StudentProfile>(`/api/students/profile/${who}`, fetcher);
  usePageTitle(title ?? profile.data?.name ?? fallbackTitle);
  const [date, setDate] = useCalendarDate();
  const schedule = useSchedule<StudentScheduleResponse>(`/api/students/${who}/schedule`, date);
  const viewer = who === "self" ? "self" : "staff";

  const [openKey, setOpenKey] = useState<{ blockId: number; iso: string } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const target = findBlock(schedule.data?.schedule, openKey);
  const studentId = who === "self" ? (profile.data?.id ?? user.details.id) : who;

  if (profile.error instanceof ApiClientError && profile.error.status === 404) {
    return <EmptyState icon={<UserX />} title="This student could not be found." />;
  }

  const student = profile.data;
  const clusters = student ? clusterSummary(student.clusters.map((c) => c.name)) : null;
  return (
    <div>
      {student ? (
        <ProfileHeader
          initials={student.initials}
          color={student.color}
          name={student.name}
          tags={<Badge>Grade {student.grade}</Badge>}
          subtitle={
            clusters || student.student_number ? (
              <>
                {clusters && <span>{clusters}</span>}
                {clusters && student.student_number && <span aria-hidden> · </span>}
                {student.student_number && <span className="tabular-nums">#{student.student_number}</span>}
              </>
            ) : null
          }
          actions={
            viewer === "staff" && user.account_type === "staff" ? (
              <StarToggle
                itemType="student"
                itemId={student.id}
                starred={Boolean(student.starred)}
                name={student.name}
                onChanged={() => profile.mutate()}
              />
            ) : (
              actions
            )
          }
        />
      ) : profile.error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(profile.error, "The profile could not be loaded.")}
        </p>
      ) : (
        <ProfileHeaderSkeleton />
      )}

      <CalendarCard>
        <WeekCalendar
          schedule={schedule.data}
          error={schedule.error}
          validating={schedule.isValidating}
          date={date}
          onNavigate={setDate}
          onRefresh={() => void schedule.mutate()}
          describe={studentTile}
          onOpenBlock={(block, day) => {
            setOpenKey({ blockId: block.id, iso: day.date.iso });
            setDialogOpen(true);
          }}
        />
      </CalendarCard>

      <BlockDialog open={dialogOpen && !!target} onOpenChange={setDialogOpen} target={target}>
        {target && (
          <StudentBlockDialogBody
            key={`${target.block.id}-${target.day.date.iso}`}
            block={target.block}
            day={target.day}
            studentId={studentId}
            viewer={viewer}
            user={user}
            onChanged={() => schedule.mutate()}
          />
        )}
      </BlockDialog>
    </div>
  );
}
