"use client";

import { UserX } from "lucide-react";
import { useTranslations } from "next-intl";
import { Suspense, type ReactNode } from "react";
import useSWR, { useSWRConfig } from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { StudentBlockDialogBody } from "@/components/calendar/student-block-dialog";
import { studentDayMark, studentTile } from "@/components/calendar/tile-rules";
import { StudentClustersButton } from "@/components/clusters/student-clusters-dialog";
import { ArchiveStudentButton } from "@/components/people/archive-student";
import { PLACEMENT_SELF_KEY } from "@/components/placement/student-to-do";
import { EditStudentButton } from "@/components/people/student-dialog";
import { Badge } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/components/ui/page-title";
import { ApiClientError, fetcher, messageOf } from "@/lib/api/request.client";
import type { StudentProfile, StudentScheduleBlock } from "@/lib/core/schedule/types";
import { clusterSummary, type ClusterWords } from "./cluster-summary";
import { FamilyContacts } from "./family-contacts";
import { ProfileCalendar } from "./profile-calendar";
import { EmailRefusedNote } from "@/components/reach/email-refused-note";
import { PrintViewLink } from "@/components/ui/print-button";
import { ProfileHeader, ProfileHeaderSkeleton } from "./profile-header";
import { StarToggle } from "./star-toggle";
import { useProfileWeek } from "./use-profile-week";

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

// eslint-disable-next-line max-lines-per-function -- the profile wires its header, its actions, the week and the block dialog
function StudentProfileContent({ who, fallbackTitle, title, actions }: StudentProfileViewProps) {
  const { user } = useSignedInUser();
  const t = useTranslations("student.profile");
  const { mutate } = useSWRConfig();
  const profile = useSWR<StudentProfile>(`/api/students/profile/${who}`, fetcher);
  usePageTitle(title ?? profile.data?.name ?? fallbackTitle);
  const week = useProfileWeek<StudentScheduleBlock>(`/api/students/${who}/schedule`);
  const viewer = who === "self" ? "self" : "staff";
  const studentId = who === "self" ? (profile.data?.id ?? user.details.id) : who;

  if (profile.error instanceof ApiClientError && profile.error.status === 404) {
    return <EmptyState icon={<UserX />} title={t("notFound")} />;
  }

  const student = profile.data;
  const clusterWords: ClusterWords = {
    two: (first, second) => t("clustersTwo", { first, second }),
    more: (first, second, others) => t("clustersMore", { first, second, others }),
  };
  const clusters = student ? clusterSummary(student.clusters.map((c) => c.name), clusterWords) : null;
  return (
    <div>
      {student ? (
        <ProfileHeader
          initials={student.initials}
          color={student.color}
          name={student.name}
          tags={
            <>
              <Badge>{t("gradeBadge", { grade: student.grade })}</Badge>
              {student.archived && <Badge tone="warning">{t("archivedBadge")}</Badge>}
            </>
          }
          subtitle={
            student.preferred_first_name || clusters || student.student_number || student.default_teacher ? (
              <>
                {/* The name above is the preferred one; the legal name is shown too, for staff matching records. */}
                {student.preferred_first_name && (
                  <span data-testid="legal-name">
                    {t("legalName", { first: student.first_name, last: student.last_name })}
                  </span>
                )}
                {student.preferred_first_name && (clusters || student.student_number || student.default_teacher) && (
                  <span aria-hidden> · </span>
                )}
                {clusters && <span>{clusters}</span>}
                {clusters && student.student_number && <span aria-hidden> · </span>}
                {student.student_number && <span className="tabular-nums">#{student.student_number}</span>}
                {student.default_teacher && (
                  <>
                    {(clusters || student.student_number) && <span aria-hidden> · </span>}
                    <span data-testid="default-teacher">
                      {t("defaultTeacher", { name: student.default_teacher.name })}
                    </span>
                  </>
                )}
              </>
            ) : null
          }
          actions={
            viewer === "staff" ? (
              <>
                {(user.role === "admin" || user.role === "sysadmin") && (
                  <>
                    <EditStudentButton student={student} onSaved={() => profile.mutate()} />
                    <ArchiveStudentButton
                      student={{ id: student.id, name: student.name, archived: Boolean(student.archived) }}
                      onChanged={() => profile.mutate()}
                    />
                    <StudentClustersButton student={student} memberOf={student.clusters.map((c) => c.id)} />
                  </>
                )}
                <PrintViewLink href={`/students/${student.id}/print${week.date ? `?date=${week.date}` : ""}`}>
                  {t("printWeek")}
                </PrintViewLink>
                {user.account_type === "staff" && (
                  <StarToggle
                    itemType="student"
                    itemId={student.id}
                    starred={Boolean(student.starred)}
                    name={student.name}
                    onChanged={() => profile.mutate()}
                  />
                )}
              </>
            ) : (
              actions
            )
          }
        />
      ) : profile.error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(profile.error, t("loadFailed"))}
        </p>
      ) : (
        <ProfileHeaderSkeleton />
      )}
      {student && <EmailRefusedNote address={student.email} refusal={student.email_refused} />}

      <ProfileCalendar week={week} describe={studentTile} dayMark={studentDayMark}>
        {({ block, day }) => (
          <StudentBlockDialogBody
            key={`${block.id}-${day.date.iso}`}
            block={block}
            day={day}
            studentId={studentId}
            viewer={viewer}
            user={user}
            onChanged={() => Promise.all([week.schedule.mutate(), viewer === "self" && mutate(PLACEMENT_SELF_KEY)])}
          />
        )}
      </ProfileCalendar>

      {viewer === "staff" && student && (
        <FamilyContacts
          studentId={student.id}
          studentName={student.name}
          canEdit={user.role === "admin" || user.role === "sysadmin"}
        />
      )}
    </div>
  );
}
