"use client";

import { Lock, LockOpen } from "lucide-react";
import { useTranslations } from "next-intl";
import type { CurrentUser } from "@/components/auth/types";
import type { Appointment, ScheduleBlock } from "@/lib/core/schedule/types";
import { CancelAppointment } from "./cancel-appointment";
import { EmptyText, ItemList, ItemRow } from "./dialog-parts";
import { appointmentStatus } from "./tile-rules";

/** May this viewer cancel an appointment: an administrator, or its own teacher (staff only); pending blocks only. */
export function canCancelAppointment(user: CurrentUser, staffId: number, pending: boolean): boolean {
  if (!pending || user.account_type !== "staff") return false;
  return user.role === "admin" || user.details.id === staffId;
}

/** A block's appointments with their status, and Cancel where the viewer may; a quiet line if none. */
export function AppointmentList({
  block,
  user,
  person,
  onChanged,
}: {
  block: ScheduleBlock;
  user: CurrentUser;
  /** The other side of each appointment as this dialog names it (and links to it, if it does). */
  person: (appointment: Appointment) => { name: string; href?: string };
  onChanged: () => unknown;
}) {
  const t = useTranslations("choose.appointments");
  if (block.appointments.length === 0) return <EmptyText>{t("none")}</EmptyText>;
  return (
    <ItemList>
      {block.appointments.map((appointment) => (
        <ItemRow
          key={appointment.id}
          title={person(appointment).name}
          href={person(appointment).href}
          memo={appointment.memo || null}
          detail={
            <span className="inline-flex items-center gap-1" data-testid="appointment-lock">
              {appointment.locked === false ? (
                <>
                  <LockOpen aria-hidden className="size-3.5" /> {t("unlocked", { recurring: appointment.series_id ? "yes" : "no" })}
                </>
              ) : (
                <>
                  <Lock aria-hidden className="size-3.5" /> {t("locked", { recurring: appointment.series_id ? "yes" : "no" })}
                </>
              )}
            </span>
          }
          status={appointmentStatus(appointment, block.pending, block.logs)}
          actions={
            canCancelAppointment(user, appointment.staff.id, block.pending) ? (
              <CancelAppointment appointment={appointment} onDone={onChanged} />
            ) : null
          }
        />
      ))}
    </ItemList>
  );
}
