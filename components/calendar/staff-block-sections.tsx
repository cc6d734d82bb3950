"use client";

import { useSchoolTimezone } from "@/components/audit/use-school-time";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PrintViewLink } from "@/components/ui/print-button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiDelete } from "@/lib/api/request.client";
import { sentenceFor } from "@/lib/core/schedule/reason";
import type { StaffScheduleBlock, TopicScheduleResponse } from "@/lib/core/schedule/types";
import { DialogSection, EmptyText, ItemList, ItemRow } from "./dialog-parts";
import { methodLabel } from "./method-labels";
import { paletteHex } from "./palette";
import { isScheduledTopic, planStatus } from "./tile-rules";
import { useBlockWaitlist, WaitlistEntries } from "./waitlist-list";

/** Topic: the block's scheduled topic; its owner sets, changes or removes it while the block is pending. */
export function TopicSection({
  block,
  isOwner,
  onChanged,
  onChooseTopic,
}: {
  block: StaffScheduleBlock;
  isOwner: boolean;
  onChanged: () => unknown;
  onChooseTopic: () => void;
}) {
  const topicSchedule = block.flex && isScheduledTopic(block.scheduled) ? block.scheduled : null;
  const canEditTopic = isOwner && block.flex && block.pending;

  const { run: removeTopic, busy: removing } = useAction(async () => {
    if (!topicSchedule) return;
    await apiDelete<TopicScheduleResponse>(`/api/topics/schedule/${topicSchedule.id}`);
    snackbar("Removed Topic successfully.", { tone: "success" });
    await onChanged();
  });

  return (
    <DialogSection
      title="Topic"
      action={
        canEditTopic ? (
          <Button variant="ghost" size="sm" onClick={onChooseTopic}>
            {topicSchedule ? "Change Topic" : "Set Topic"}
          </Button>
        ) : null
      }
    >
      {topicSchedule ? (
        <ItemList>
          <ItemRow
            leading={
              <span
                aria-hidden
                className="mt-1 block size-3 rounded-full"
                style={{ backgroundColor: paletteHex(topicSchedule.topic.color) }}
              />
            }
            title={topicSchedule.topic.memo || "Untitled topic"}
            memo={topicSchedule.topic.unavailable ? <Badge tone="warning">Unavailable</Badge> : null}
            actions={
              canEditTopic ? (
                <Button variant="secondary" size="sm" loading={removing} onClick={removeTopic}>
                  Remove Topic
                </Button>
              ) : null
            }
          />
        </ItemList>
      ) : (
        <EmptyText>Nothing scheduled</EmptyText>
      )}
    </DialogSection>
  );
}

/** Students scheduled: who planned this block, and why when they were placed by default. */
export function PlannedSection({ block, printHref }: { block: StaffScheduleBlock; printHref?: string }) {
  const timezone = useSchoolTimezone();
  return (
    <DialogSection
      title={`Students scheduled${block.planned.length ? ` (${block.planned.length})` : ""}`}
      action={printHref ? <PrintViewLink href={printHref}>Print list</PrintViewLink> : null}
    >
      {block.planned.length === 0 ? (
        <EmptyText>No students scheduled</EmptyText>
      ) : (
        <ItemList>
          {block.planned.map((plan) => (
            <ItemRow
              key={plan.id}
              title={plan.student.name}
              href={`/students/${plan.student.id}`}
              // A student placed by default did not choose this teacher: say so (lib/core/schedule/reason.ts).
              detail={
                plan.reason?.kind === "placed" || plan.reason?.kind === "waitlist"
                  ? sentenceFor(plan.reason, {
                      viewer: "staff",
                      timezone,
                      studentName: plan.student.name,
                    })
                  : undefined
              }
              status={planStatus(plan, block.pending, block.logs)}
            />
          ))}
        </ItemList>
      )}
    </DialogSection>
  );
}

/** Waitlist: who waits for a seat with the teacher on this block, first in line first, the order freed seats go in. */
export function WaitlistSection({ staffId, date, blockId }: { staffId: number; date: string; blockId: number }) {
  const { entries } = useBlockWaitlist(staffId, date, blockId);
  return (
    <DialogSection title={`Waitlist${entries?.length ? ` (${entries.length})` : ""}`}>
      {entries === null ? (
        <EmptyText>Loading the waitlist…</EmptyText>
      ) : entries.length === 0 ? (
        <EmptyText>Nobody is waiting</EmptyText>
      ) : (
        <WaitlistEntries entries={entries} />
      )}
    </DialogSection>
  );
}

/** Attendance: who was checked in, when and how. */
export function AttendanceSection({ block }: { block: StaffScheduleBlock }) {
  return (
    <DialogSection title="Attendance">
      {block.logs.length === 0 ? (
        <EmptyText>No attendance recorded</EmptyText>
      ) : (
        <ItemList>
          {block.logs.map((log) => (
            <ItemRow
              key={log.id}
              title={log.student.name}
              href={`/students/${log.student.id}`}
              detail={`${log.time} · ${methodLabel(log.method)}`}
            />
          ))}
        </ItemList>
      )}
    </DialogSection>
  );
}

/** Amendments: the block excused for a student, or for every student. */
export function AmendmentsSection({ block }: { block: StaffScheduleBlock }) {
  return (
    <DialogSection title="Amendments">
      <ItemList>
        {block.amendments.map((amendment) => (
          <ItemRow
            key={amendment.id}
            title={amendment.student?.name ?? "Every student"}
            href={amendment.student ? `/students/${amendment.student.id}` : undefined}
            memo={amendment.memo}
            detail={methodLabel("amendment")}
          />
        ))}
      </ItemList>
    </DialogSection>
  );
}
