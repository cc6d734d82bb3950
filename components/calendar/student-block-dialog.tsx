"use client";

import { CalendarPlus, FilePenLine, Lock, LockOpen } from "lucide-react";
import { useState } from "react";
import type { CurrentUser } from "@/components/auth/types";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { lockedSentence, studentMayChooseOver } from "@/lib/requests/locks";
import { shortStaffName } from "@/lib/core/schedule/reason";
import type { ScheduleDay, StudentScheduleBlock } from "@/lib/core/schedule/types";
import { AmendmentForm } from "./amendment-form";
import { AppointmentForm } from "./appointment-form";
import { AppointmentList } from "./appointment-list";
import { ChooseUntil, choosingClosed } from "./choose-until";
import type { BlockFormProps } from "./block-form";
import { ClassSection, DialogSection, EmptyText, ItemList, ItemRow } from "./dialog-parts";
import { methodLabel } from "./method-labels";
import { PlanPicker } from "./plan-picker";
import { ReasonLine } from "./reason-line";
import { isScheduledTeacher, scheduledTeacherStatus } from "./tile-rules";

export interface StudentBlockDialogProps {
  block: StudentScheduleBlock;
  day: ScheduleDay<StudentScheduleBlock>;
  /** The student whose schedule this is. */
  studentId: number;
  /** "self": the student on their own profile; "staff": a teacher, administrator or sysadmin. */
  viewer: "self" | "staff";
  user: CurrentUser;
  /** Reload the schedule after a write. */
  onChanged: () => unknown;
}

/** The sections of a block in a student's schedule: plan, appointments, attendance and amendments. */
// eslint-disable-next-line max-lines-per-function -- the dialog's sections follow the block's states in reading order
export function StudentBlockDialogBody({
  block,
  day,
  studentId,
  viewer,
  user,
  onChanged,
}: StudentBlockDialogProps) {
  const [form, setForm] = useState<"appointment" | "amendment" | null>(null);
  const isStaff = user.account_type === "staff";
  const date = day.date.iso;
  const formProps: BlockFormProps = {
    studentId,
    blockId: block.id,
    date,
    onCancel: () => setForm(null),
    onDone: async () => {
      setForm(null);
      await onChanged();
    },
  };

  return (
    <div>
      <ReasonLine reason={block.reason} viewer={viewer} />
      {block.flex ? (
        <PlanSection block={block} date={date} viewer={viewer} onChanged={onChanged} />
      ) : (
        <ClassSection name={block.scheduled?.name ?? null} />
      )}

      <DialogSection
        title="Appointments"
        action={
          isStaff && block.pending && form !== "appointment" ? (
            <Button variant="ghost" size="sm" onClick={() => setForm("appointment")}>
              <CalendarPlus aria-hidden className="size-4" /> New appointment
            </Button>
          ) : null
        }
      >
        <AppointmentList
          block={block}
          user={user}
          person={({ staff }) => ({
            name: staff.name,
            href: viewer === "staff" ? `/staff/${staff.id}` : undefined,
          })}
          onChanged={onChanged}
        />
        {form === "appointment" && <AppointmentForm {...formProps} />}
      </DialogSection>

      <DialogSection
        title="Attendance"
        action={
          isStaff && block.logs.length === 0 && form !== "amendment" ? (
            <Button variant="ghost" size="sm" onClick={() => setForm("amendment")}>
              <FilePenLine aria-hidden className="size-4" /> Amend
            </Button>
          ) : null
        }
      >
        {block.logs.length === 0 ? (
          <EmptyText>No attendance recorded</EmptyText>
        ) : (
          <ItemList>
            {block.logs.map((log) => (
              <ItemRow
                key={log.id}
                title={log.staff?.name ?? "Checked in"}
                memo={block.flex ? (log.topic?.memo ?? "No Topic") : null}
                detail={`${log.time} · ${methodLabel(log.method)}`}
              />
            ))}
          </ItemList>
        )}
        {form === "amendment" && <AmendmentForm {...formProps} />}
      </DialogSection>

      {block.amendments.length > 0 && (
        <DialogSection title="Amendments">
          <ItemList>
            {block.amendments.map((amendment) => (
              <ItemRow
                key={amendment.id}
                title={amendment.staff?.name ?? "Amended"}
                memo={amendment.memo}
                detail={amendment.student ? methodLabel("amendment") : "Amended for every student"}
              />
            ))}
          </ItemList>
        </DialogSection>
      )}
    </div>
  );
}

function PlanSection({
  block,
  date,
  viewer,
  onChanged,
}: {
  block: StudentScheduleBlock;
  date: string;
  viewer: "self" | "staff";
  onChanged: () => unknown;
}) {
  const teacher = isScheduledTeacher(block.scheduled) ? block.scheduled : null;
  // The ladder (lib/core/choice/ladder.ts): a locked appointment holds the block; an unlocked request lets the student choose.
  const locked = block.appointments.find((a) => !studentMayChooseOver({ locked: a.locked !== false }));
  const requests = block.appointments.filter((a) => a.locked === false);
  return (
    <DialogSection title="Plan">
      {teacher ? (
        <ItemList>
          <ItemRow
            leading={<Avatar initials={teacher.initials} color={teacher.color} size="sm" />}
            title={teacher.name}
            href={viewer === "staff" ? `/staff/${teacher.id}` : undefined}
            memo={teacher.topic?.memo || null}
            status={scheduledTeacherStatus(teacher.id, block.pending, block.logs)}
          />
        </ItemList>
      ) : (
        <EmptyText>Nothing scheduled</EmptyText>
      )}
      {block.pending &&
        (viewer === "self" ? (
          locked ? (
            <p className="mt-3 flex items-start gap-2 text-sm text-slate-700" data-testid="locked-reason">
              <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
              <span>{lockedSentence({ name: locked.staff.name }, locked.memo)}</span>
            </p>
          ) : choosingClosed(block.choose_until) ? (
            <ChooseUntil chooseUntil={block.choose_until} />
          ) : (
            <div className="mt-3">
              <ChooseUntil chooseUntil={block.choose_until} className="mb-2" />
              {requests.length > 0 && (
                <p className="mb-2 flex items-start gap-2 text-sm text-slate-700" data-testid="request-note">
                  <LockOpen aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                  <span>
                    {shortStaffName(requests[0]!.staff.name)} asked you to come, unlocked. If you choose another teacher, the
                    request is cancelled and they are told.
                  </span>
                </p>
              )}
              <p className="mb-2 text-sm text-slate-700">
                {teacher ? "Change your teacher:" : "Choose a teacher:"}
              </p>
              <PlanPicker
                blockId={block.id}
                date={date}
                currentStaffId={teacher?.id ?? null}
                canChoose
                onPlanned={onChanged}
              />
            </div>
          )
        ) : (
          <details className="group mt-3">
            <summary className="cursor-pointer rounded-sm text-sm font-medium text-indigo-700 hover:underline">
              Teacher availability
            </summary>
            <div className="mt-2">
              <PlanPicker
                blockId={block.id}
                date={date}
                currentStaffId={teacher?.id ?? null}
                canChoose={false}
              />
            </div>
          </details>
        ))}
    </DialogSection>
  );
}
