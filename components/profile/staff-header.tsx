"use client";

import { Shapes } from "lucide-react";
import type { SWRResponse } from "swr";
import { EditStaffButton } from "@/components/people/staff-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import type { StaffProfile } from "@/lib/core/schedule/types";
import { CapacityDialog } from "./capacity-dialog";
import { ProfileHeader } from "./profile-header";
import { StarToggle } from "./star-toggle";

/**
 * A staff profile's header: avatar, name and badges, email (and capacity, for the owner), and the
 * buttons the viewer may use: Edit (people managers), Capacity and Topics (the owner), the star (other staff).
 */
export function StaffHeader({
  staff,
  profile,
  isOwner,
  managesPeople,
  canStar,
  refresh,
  onTopics,
}: {
  staff: StaffProfile;
  profile: SWRResponse<StaffProfile>;
  isOwner: boolean;
  managesPeople: boolean;
  canStar: boolean;
  refresh: () => Promise<unknown>;
  onTopics: () => void;
}) {
  return (
    <ProfileHeader
      initials={staff.initials}
      color={staff.color}
      name={staff.name}
      tags={
        <>
          {staff.administrator && <Badge tone="accent">Administrator</Badge>}
          {!staff.takes_students && <Badge>No Focus Block students</Badge>}
        </>
      }
      subtitle={
        <>
          {staff.email}
          {isOwner && staff.capacity != null && (
            <>
              <span aria-hidden> · </span>
              Capacity <span className="font-medium text-slate-800 tabular-nums">{staff.capacity}</span>
            </>
          )}
        </>
      }
      actions={
        <>
          {managesPeople && (
            <EditStaffButton
              staff={staff}
              onSaved={async () => {
                await profile.mutate();
                if (isOwner) await refresh();
              }}
            />
          )}
          {isOwner ? (
            <>
              {/* An administrator sets their own capacity in the Focus Block panel below. */}
              {!managesPeople && (
                <CapacityDialog
                  capacity={staff.capacity}
                  onSaved={async (saved) => {
                    await profile.mutate(saved, { revalidate: false });
                    await refresh();
                  }}
                />
              )}
              <Button variant="secondary" onClick={onTopics}>
                <Shapes aria-hidden className="size-4" /> Topics
              </Button>
            </>
          ) : canStar ? (
            <StarToggle
              itemType="staff"
              itemId={staff.id}
              starred={Boolean(staff.starred)}
              name={staff.name}
              onChanged={() => profile.mutate()}
            />
          ) : null}
        </>
      }
    />
  );
}
