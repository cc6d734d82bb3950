"use client";

import { CalendarPlus, FilePenLine, Lock, LockOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { CurrentUser } from "@/components/auth/types";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { lockedWords, studentMayChooseOver } from "@/lib/requests/locks";
import { shortStaffName } from "@/lib/core/schedule/reason";
import type { ScheduleDay, StudentScheduleBlock } from "@/lib/core/schedule/types";
import { AmendmentForm } from "./amendment-form";
import { AppointmentForm } from "./appointment-form";
import { AppointmentList } from "./appointment-list";
import { ChooseUntil, choosingClosed } from "./choose-until";
import type { BlockFormProps } from "./block-form";
import { ClassSection, DialogSection, EmptyText, ItemList, ItemRow } from "./dialog-parts";
import { useDayWords, useMethodLabel } from "./use-calendar-words";
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
  const t = useTranslations("choose");
  const methodLabel = useMethodLabel();
  const { clock } = useDayWords();
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
        title={t("sections.appointments")}
        action={
          isStaff && block.pending && form !== "appointment" ? (
            <Button variant="ghost" size="sm" onClick={() => setForm("appointment")}>
              <CalendarPlus aria-hidden className="size-4" /> {t("sections.newAppointment")}
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
        title={t("sections.attendance")}
        action={
          isStaff && block.logs.length === 0 && form !== "amendment" ? (
            <Button variant="ghost" size="sm" onClick={() => setForm("amendment")}>
              <FilePenLine aria-hidden className="size-4" /> {t("sections.amend")}
            </Button>
          ) : null
        }
      >
        {block.logs.length === 0 ? (
          <EmptyText>{t("attendance.none")}</EmptyText>
        ) : (
          <ItemList>
            {block.logs.map((log) => (
              <ItemRow
                key={log.id}
                title={log.staff?.name ?? t("attendance.checkedIn")}
                memo={block.flex ? (log.topic?.memo ?? t("attendance.noTopic")) : null}
                detail={t("attendance.detail", { time: clock(log.time), method: methodLabel(log.method) })}
              />
            ))}
          </ItemList>
        )}
        {form === "amendment" && <AmendmentForm {...formProps} />}
      </DialogSection>

      {block.amendments.length > 0 && (
        <DialogSection title={t("sections.amendments")}>
          <ItemList>
            {block.amendments.map((amendment) => (
              <ItemRow
                key={amendment.id}
                title={amendment.staff?.name ?? t("amendment.amended")}
                memo={amendment.memo}
                detail={amendment.student ? methodLabel("amendment") : t("amendment.forEveryone")}
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
  const t = useTranslations("choose.plan");
  const tDialog = useTranslations("calendar.dialog");
  const tSections = useTranslations("choose.sections");
  const teacher = isScheduledTeacher(block.scheduled) ? block.scheduled : null;
  return (
    <DialogSection title={tSections("plan")}>
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
        <EmptyText>{tDialog("nothingScheduled")}</EmptyText>
      )}
      {block.pending &&
        (viewer === "self" ? (
          <OwnChoice block={block} date={date} teacherId={teacher?.id ?? null} onChanged={onChanged} />
        ) : (
          <details className="group mt-3">
            <summary className="cursor-pointer rounded-sm text-sm font-medium text-indigo-700 hover:underline">
              {t("teacherAvailability")}
            </summary>
            <div className="mt-2">
              <PlanPicker blockId={block.id} date={date} currentStaffId={teacher?.id ?? null} canChoose={false} />
            </div>
          </details>
        ))}
    </DialogSection>
  );
}

/** The student's own choice of a pending block: why it is locked, until when they may choose, and the teachers to choose from. */
function OwnChoice({
  block,
  date,
  teacherId,
  onChanged,
}: {
  block: StudentScheduleBlock;
  date: string;
  teacherId: number | null;
  onChanged: () => unknown;
}) {
  const t = useTranslations("choose.plan");
  // The ladder (lib/core/choice/ladder.ts): a locked appointment holds the block; an unlocked request lets the student choose.
  const locked = block.appointments.find((a) => !studentMayChooseOver({ locked: a.locked !== false }));
  const requests = block.appointments.filter((a) => a.locked === false);
  if (locked) {
    const { name, what, pronoun } = lockedWords({ name: locked.staff.name }, locked.memo);
    return (
      <p className="mt-3 flex items-start gap-2 text-sm text-slate-700" data-testid="locked-reason">
        <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
        <span>{what ? t("lockedFor", { name, what, pronoun }) : t("locked", { name, pronoun })}</span>
      </p>
    );
  }
  if (choosingClosed(block.choose_until)) return <ChooseUntil chooseUntil={block.choose_until} />;
  return (
    <div className="mt-3">
      <ChooseUntil chooseUntil={block.choose_until} className="mb-2" />
      {requests.length > 0 && (
        <p className="mb-2 flex items-start gap-2 text-sm text-slate-700" data-testid="request-note">
          <LockOpen aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>{t("requestNote", { teacher: shortStaffName(requests[0]!.staff.name) })}</span>
        </p>
      )}
      <p className="mb-2 text-sm text-slate-700">{teacherId !== null ? t("changeTeacher") : t("chooseTeacher")}</p>
      <PlanPicker blockId={block.id} date={date} currentStaffId={teacherId} canChoose onPlanned={onChanged} />
    </div>
  );
}
