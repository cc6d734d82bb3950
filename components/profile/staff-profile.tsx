"use client";

import { UserX } from "lucide-react";
import { Suspense, useState } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { StaffBlockDialogBody } from "@/components/calendar/staff-block-dialog";
import { useManagesPeople } from "@/components/people/use-manages-people";
import { staffTile } from "@/components/calendar/tile-rules";
import { NotificationSettings } from "@/components/reach/notification-settings";
import { TopicDialog, type TopicDialogMode } from "@/components/topics/topic-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { usePageTitle } from "@/components/ui/page-title";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost, fetcher, messageOf } from "@/lib/api/request.client";
import type { StaffProfile, StaffScheduleBlock, Topic, TopicScheduleResponse } from "@/lib/core/schedule/types";
import { FocusBlockSettings } from "./focus-block-settings";
import { ProfileCalendar } from "./profile-calendar";
import { EmailRefusedNote } from "@/components/reach/email-refused-note";
import { ProfileHeaderSkeleton } from "./profile-header";
import { StaffHeader } from "./staff-header";
import { useProfileWeek } from "./use-profile-week";

/** /staff/{id}: the teacher's header (avatar, name, Administrator) and their week. */
export function StaffProfileScreen({ staffId }: { staffId: number }) {
  return (
    <Suspense fallback={<ProfileHeaderSkeleton />}>
      <StaffProfileContent staffId={staffId} />
    </Suspense>
  );
}

// eslint-disable-next-line max-lines-per-function -- the profile wires its header, settings, week and topic dialog
function StaffProfileContent({ staffId }: { staffId: number }) {
  const { user, refresh } = useSignedInUser();
  const profile = useSWR<StaffProfile>(`/api/staff/profile/${staffId}`, fetcher);
  usePageTitle(profile.data?.name ?? "Staff");
  const week = useProfileWeek<StaffScheduleBlock>(`/api/staff/${staffId}/schedule`);
  const { schedule, target, setDialogOpen } = week;
  const isOwner = user.account_type === "staff" && user.details.id === staffId;

  const [topicMode, setTopicMode] = useState<TopicDialogMode | null>(null);
  const managesPeople = useManagesPeople();
  const scheduleTopic = useAction(
    async (topic: Topic) => {
      if (!target) return;
      await apiPost<TopicScheduleResponse>("/api/topics/schedule", {
        topic_id: topic.id,
        block_id: target.block.id,
        date: target.day.date.iso,
      });
      snackbar("Set Topic successfully.", { tone: "success" });
      await schedule.mutate();
    },
    { rethrow: true },
  );

  if (profile.error instanceof ApiClientError && profile.error.status === 404) {
    return <EmptyState icon={<UserX />} title="This staff member could not be found." />;
  }

  const staff = profile.data;
  return (
    <div>
      {staff ? (
        <StaffHeader
          staff={staff}
          profile={profile}
          isOwner={isOwner}
          managesPeople={managesPeople}
          canStar={user.account_type === "staff"}
          refresh={refresh}
          onTopics={() => setTopicMode("edit")}
        />
      ) : profile.error ? (
        <p role="alert" className="text-sm text-red-700">
          {messageOf(profile.error, "The profile could not be loaded.")}
        </p>
      ) : (
        <ProfileHeaderSkeleton />
      )}
      {staff && <EmailRefusedNote address={staff.email} refusal={staff.email_refused} />}

      {staff && managesPeople && (
        <FocusBlockSettings
          key={`${staff.id}-${staff.capacity}`}
          staff={staff}
          onSaved={async () => {
            await profile.mutate();
            if (isOwner) await refresh();
          }}
        />
      )}

      <ProfileCalendar week={week} describe={staffTile}>
        {({ block, day }) => (
          <StaffBlockDialogBody
            block={block}
            day={day}
            isOwner={isOwner}
            user={user}
            onChanged={() => schedule.mutate()}
            waitlistOf={isOwner || managesPeople ? staffId : null}
            printHref={`/staff/${staffId}/print?date=${day.date.iso}`}
            onChooseTopic={() => {
              setDialogOpen(false);
              setTopicMode("select");
            }}
          />
        )}
      </ProfileCalendar>

      {isOwner && <NotificationSettings />}

      {isOwner && (
        <TopicDialog
          open={topicMode !== null}
          onOpenChange={(open) => !open && setTopicMode(null)}
          mode={topicMode ?? "edit"}
          context={
            target
              ? `For ${target.block.label}, ${target.day.date.day} ${target.day.date.full_date}.`
              : undefined
          }
          onSelect={scheduleTopic.run}
        />
      )}
    </div>
  );
}
