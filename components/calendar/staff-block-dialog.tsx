"use client";

import type { CurrentUser } from "@/components/auth/types";
import type { ScheduleDay, StaffScheduleBlock } from "@/lib/core/schedule/types";
import Link from "next/link";
import { AppointmentList } from "./appointment-list";
import { BlockMessageSection } from "./block-message-form";
import { ClassSection, DialogSection } from "./dialog-parts";
import { AmendmentsSection, AttendanceSection, PlannedSection, TopicSection, WaitlistSection } from "./staff-block-sections";

export interface StaffBlockDialogProps {
  block: StaffScheduleBlock;
  day: ScheduleDay<StaffScheduleBlock>;
  /** The signed-in teacher is looking at their own calendar. */
  isOwner: boolean;
  user: CurrentUser;
  onChanged: () => unknown;
  /** Open the Topic dialog in select mode for this block. */
  onChooseTopic: () => void;
  /** The teacher whose waitlist the dialog shows (their own, or any for an administrator); null: none shown. */
  waitlistOf?: number | null;
  /** The printable list of the block's students (components/printing/focus-block-list.tsx). */
  printHref?: string;
}

/** The sections of a block in a teacher's schedule: topic, planned students, appointments, attendance. */
export function StaffBlockDialogBody({
  block,
  day,
  isOwner,
  user,
  onChanged,
  onChooseTopic,
  waitlistOf = null,
  printHref,
}: StaffBlockDialogProps) {
  return (
    <div>
      {block.flex && (
        <TopicSection block={block} isOwner={isOwner} onChanged={onChanged} onChooseTopic={onChooseTopic} />
      )}

      {!block.flex && (
        <ClassSection name={block.scheduled && "name" in block.scheduled ? block.scheduled.name : null} />
      )}

      {block.flex && <PlannedSection block={block} printHref={printHref} />}

      {block.flex && waitlistOf !== null && <WaitlistSection staffId={waitlistOf} date={day.date.iso} blockId={block.id} />}

      {block.flex && isOwner && <BlockMessageSection blockId={block.id} date={day.date.iso} pending={block.pending} />}

      <DialogSection
        title="Appointments"
        action={
          isOwner ? (
            <Link href="/calendar/recurring-requests" className="rounded-sm text-sm font-medium text-indigo-700 hover:underline">
              Recurring requests
            </Link>
          ) : null
        }
      >
        <AppointmentList
          block={block}
          user={user}
          person={({ student }) => ({ name: student.name, href: `/students/${student.id}` })}
          onChanged={onChanged}
        />
      </DialogSection>

      <AttendanceSection block={block} />

      {block.amendments.length > 0 && <AmendmentsSection block={block} />}
    </div>
  );
}
