"use client";

import type { ReactNode } from "react";
import { useAuth } from "@/components/auth/use-auth";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { UnscheduledCount } from "@/components/placement/unscheduled-count";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { LEAVE_WARNING, notTodayKind, notTodayNote } from "@/lib/checkin/chips";
import { pendingDateState } from "@/lib/checkin/offline-queue";
import { AirCodeLive } from "./air-code-live";
import { CheckInHeader, StatusLoadError } from "./check-in-header";
import { DateBar } from "./date-bar";
import { DayLists } from "./day-lists";
import { longDay, NoFocusBlockNotice, PendingDateNotice } from "./date-notices";
import { ErrorsDialog } from "./errors-dialog";
import { NotTodayDialog, useNotTodayConfirm } from "./not-today-dialog";
import { WaitingToSend } from "./offline-indicator";
import { ScanOrEnter } from "./scan-or-enter";
import { CheckInServiceWorker } from "./service-worker";
import { useCheckInStatus } from "./use-check-in-status";
import { useCheckInSubmit } from "./use-check-in-submit";
import { useChipTools } from "./use-chip-tools";
import { useElsewhere } from "./use-elsewhere";
import { useHashFlag } from "./use-hash-flag";
import { offlineQueue, useOfflineQueue } from "./use-offline-queue";
import { usePendingChips } from "./use-pending-chips";
import { usePendingDate } from "./use-pending-date";
import { useScanFeedback } from "./use-scan-feedback";
import { useScanFocus } from "./use-scan-focus";

/**
 * The check-in screen: the day's Focus Block, scanning numbers in, the Scheduled and Checked In lists.
 * `alerts` goes above everything (the teacher's kiosk alerts, from the shell's inbox).
 */
// eslint-disable-next-line max-lines-per-function -- the screen wires its hooks (status, chips, offline queue, scan) to its panels
export function CheckInScreen({ alerts }: { alerts?: ReactNode } = {}) {
  const [date, setDate] = useCalendarDate();
  const { data: status, error, isLoading, isValidating, mutate } = useCheckInStatus(date);
  const chips = usePendingChips();
  const [errorsOpen, setErrorsOpen] = useHashFlag("errors");
  const { inputRef, refocus } = useScanFocus(date);
  const { user } = useAuth();
  const waiting = useOfflineQueue(user?.id ?? null);
  const feedback = useScanFeedback(chips.length);
  const [pendingDate, setPendingDate] = usePendingDate(chips.length);
  useLeaveWarning(chips.length > 0, LEAVE_WARNING);
  const refresh = () => void mutate();

  const block = status?.blocks[0] ?? null;
  const noBlock = status !== undefined && block === null ? "No Focus Block on this date." : null;
  // The day shown, as a date: the server's answer, else the URL, else (offline, nothing cached) the device's.
  const shownDate = status?.date.iso ?? date;
  const dateMismatch = pendingDateState(pendingDate || null, shownDate, chips.length) === "mismatch";
  const { elsewhere, moveHere } = useElsewhere(shownDate, refresh);
  const notToday = useNotTodayConfirm(status?.today);
  const tools = useChipTools(refocus);
  const { submitting, add, submit, checkInScheduled } = useCheckInSubmit({
    userId: user?.id ?? null,
    shownDate,
    today: status?.today,
    // The day in the URL; none means today, which the server works out in the school's zone.
    urlDate: date ?? undefined,
    blocked: dateMismatch,
    confirmDate: notToday.confirmDate,
    refocus,
    refresh,
  });
  const shownKind = status ? notTodayKind(status.date.iso, status.today) : null;

  return (
    <div className="mx-auto w-full max-w-6xl">
      <CheckInHeader onShowErrors={() => setErrorsOpen(true)} />
      {alerts}
      <AirCodeLive date={date} />
      <DateBar
        status={status}
        date={date}
        refreshing={isValidating}
        onNavigate={setDate}
        onRefresh={() => {
          refresh();
          refocus();
        }}
      />
      <UnscheduledCount date={status?.date.iso ?? date} />
      <CheckInServiceWorker />
      <WaitingToSend count={waiting} onSend={() => void offlineQueue.flush(true)} />
      {noBlock && status && (
        <NoFocusBlockNotice
          isToday={status.date.is_today}
          previous={status.previous}
          next={status.next}
          // An answer cached by an older version has no such field: it had a Focus Block somewhere.
          scheduled={status.focus_block_scheduled !== false}
          onNavigate={setDate}
        />
      )}
      {dateMismatch && pendingDate && (
        <PendingDateNotice
          count={chips.length}
          pendingDate={pendingDate}
          onGoBack={() => setDate(pendingDate === status?.today ? null : pendingDate)}
          onUseShown={() => {
            if (shownDate) setPendingDate(shownDate);
            refocus();
          }}
        />
      )}
      {error && !status && <StatusLoadError error={error} onRetry={refresh} />}
      {/* min-w-0: a grid item is otherwise as wide as its widest row, and a phone would scroll sideways. */}
      <div className="grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <ScanOrEnter
          ref={inputRef}
          chips={chips}
          onAdd={add}
          onRemove={tools.remove}
          onRemoveAll={tools.removeAll}
          onCopy={tools.copy}
          onDownload={tools.download}
          onSubmit={submit}
          submitting={submitting}
          blockedReason={
            noBlock ??
            (dateMismatch && pendingDate ? `These numbers were entered for ${longDay(pendingDate)}.` : null)
          }
          dateNote={
            status && shownKind
              ? notTodayNote(`${status.date.day} ${status.date.full_date}`, shownKind)
              : null
          }
          flash={feedback.flash}
          sound={feedback.sound}
          onSoundChange={feedback.setSound}
        />
        <DayLists
          status={status}
          loading={isLoading}
          elsewhere={elsewhere}
          onCheckIn={checkInScheduled}
          onMove={(entry) => void moveHere(entry)}
          staffId={user?.account_type === "staff" ? user.details.id : null}
        />
      </div>
      <NotTodayDialog question={notToday.question} today={status?.today} onAnswer={notToday.answer} />
      <ErrorsDialog
        open={errorsOpen}
        onOpenChange={(open) => {
          setErrorsOpen(open);
          if (!open) refocus();
        }}
      />
    </div>
  );
}
