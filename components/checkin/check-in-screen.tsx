"use client";

import { AlertTriangle } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import useSWR from "swr";
import { useSchoolTimestamp } from "@/components/audit/use-school-time";
import { useAuth } from "@/components/auth/use-auth";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { useLeaveWarning } from "@/components/ui/use-leave-warning";
import { apiPost, messageOf } from "@/lib/api/client";
import { pendingDateState, queuedCheckIn } from "@/lib/checkin/offline-queue";
import {
  checkInResultMessage,
  chipsCsv,
  chipsCsvFileName,
  LEAVE_WARNING,
  MAX_CHIPS,
  notTodayConfirmation,
  notTodayKind,
  notTodayNote,
  SCHEDULED_SUCCESS,
} from "@/lib/checkin/chips";
import type { CheckInResult } from "@/lib/checkin/service";
import { getStored, removeStored, setStored, type PendingChip } from "@/lib/storage";
import { useStoredState } from "@/lib/use-stored-state";
import { AirCodeButton } from "./air-code-button";
import { AirCodeLive } from "./air-code-live";
import { CheckedInList, type ElsewhereEntry } from "./checked-in-list";
import { longDay, NoFocusBlockNotice, PendingDateNotice } from "./date-notices";
import { WaitingToSend } from "./offline-indicator";
import { CheckInServiceWorker } from "./service-worker";
import { UnscheduledCount } from "@/components/placement/unscheduled-count";
import { DateBar } from "./date-bar";
import { ErrorsDialog } from "./errors-dialog";
import { ScanOrEnter } from "./scan-or-enter";
import { ScheduledList } from "./scheduled-list";
import { useCheckInStatus } from "./use-check-in-status";
import { useHashFlag } from "./use-hash-flag";
import { offlineQueue, useOfflineQueue } from "./use-offline-queue";
import { pendingChips as pending, usePendingChips } from "./use-pending-chips";
import { useScanFeedback } from "./use-scan-feedback";

/** The browser's own date, only when the server's is not known (offline before the first status). */
const deviceToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** Unresolved entries go to the device's errors log, newest last. */
function recordErrors(result: CheckInResult) {
  if (result.errors.length === 0) return;
  const record = { timestamp_string: result.timestamp_string, errors: result.errors };
  setStored("checkInErrors", [...(getStored("checkInErrors") ?? []), record]);
}

/** The check-in screen: the day's Focus Block, scanning numbers in, the Scheduled and Checked In lists. */
export function CheckInScreen() {
  const [date, setDate] = useCalendarDate();
  const { data: status, error, isLoading, isValidating, mutate } = useCheckInStatus(date);
  const chips = usePendingChips();
  const [submitting, setSubmitting] = useState(false);
  const [errorsOpen, setErrorsOpen] = useHashFlag("errors");
  const inputRef = useRef<HTMLInputElement>(null);
  const { user } = useAuth();
  const waiting = useOfflineQueue(user?.id ?? null);
  // The download's timestamps in the school's time (issue 23), as the server writes them.
  const stamp = useSchoolTimestamp();
  const feedback = useScanFeedback(chips.length);
  const [pendingDate, setPendingDate] = useStoredState("pendingChipsDate", "");
  useLeaveWarning(chips.length > 0, LEAVE_WARNING);
  // The question asked before checking in on a date that is not today (spec §4: proactive / retroactive).
  const [asking, setAsking] = useState<{ count: number; date: string; answer: (yes: boolean) => void } | null>(
    null,
  );

  const refocus = useCallback(() => {
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  const block = status?.blocks[0] ?? null;
  const noBlock = status !== undefined && block === null ? "No Focus Block on this date." : null;
  // The day in the URL; none means today, which the server works out in the school's zone.
  const checkInDate = date ?? undefined;
  // The day shown, as a date: the server's answer, else the URL, else (offline, nothing cached) the device's.
  const shownDate = status?.date.iso ?? date;
  const dateMismatch = pendingDateState(pendingDate || null, shownDate, chips.length) === "mismatch";
  const elsewhereKey = shownDate ? `/api/check-in/elsewhere/${shownDate}` : null;
  const { data: elsewhere, mutate: mutateElsewhere } = useSWR<{ can_move: boolean; entries: ElsewhereEntry[] }>(
    elsewhereKey,
  );

  // The pending chips belong to the day they were entered for; with none left the day is forgotten.
  useEffect(() => {
    if (chips.length === 0 && pendingDate) setPendingDate(null);
  }, [chips.length, pendingDate, setPendingDate]);

  function add(values: string[]) {
    if (pending.current().length === 0 || !getStored("pendingChipsDate")) {
      setStored("pendingChipsDate", shownDate ?? status?.today ?? deviceToday());
    }
    const overflow = pending.add(values);
    if (overflow > 0)
      snackbar(`At most ${MAX_CHIPS} student numbers can be checked in at once.`, { tone: "error" });
  }

  async function submit(typed: string[]) {
    if (typed.length > 0) add(typed);
    const batch = pending.current();
    if (batch.length === 0 || submitting || dateMismatch) return refocus();
    const forDate = getStored("pendingChipsDate") || shownDate || status?.today || deviceToday();
    if (!(await confirmDate(batch.length, forDate))) return refocus();
    setSubmitting(true);
    try {
      // Through the device's queue: safe in IndexedDB first, sent with one submission id however often it is retried.
      if (user) {
        const item = queuedCheckIn({
          id: crypto.randomUUID(),
          userId: user.id,
          date: forDate,
          type: "student_number",
          chips: batch,
          now: new Date(),
        });
        if (await offlineQueue.submit(item)) {
          pending.confirm(batch);
          if (pending.current().length === 0) removeStored("pendingChipsDate");
          if (!navigator.onLine) snackbar("No network: the scans are kept on this device and sent when it is back.");
          return;
        }
      }
      const result = await apiPost<CheckInResult>("/api/check-in", {
        chips: batch.map((chip: PendingChip) => ({ value: chip.value, timestamp: chip.timestamp })),
        type: "student_number",
        date: forDate,
      });
      pending.confirm(batch);
      recordErrors(result);
      snackbar(checkInResultMessage(result), {
        tone: result.errors.length > 0 ? "default" : "success",
        action:
          result.errors.length > 0 ? { label: "Show Errors", onClick: () => setErrorsOpen(true) } : undefined,
      });
      void mutate();
    } catch (failure) {
      snackbar(
        `${messageOf(failure, "The check-in could not be sent. Please try again.")} Your student numbers are kept.`,
        {
          tone: "error",
        },
      );
    } finally {
      setSubmitting(false);
      refocus();
    }
  }

  async function checkInScheduled(studentIds: number[]) {
    if (!(await confirmDate(studentIds.length, status?.date.iso))) return false;
    const now = new Date().toISOString();
    try {
      const result = await apiPost<CheckInResult>("/api/check-in", {
        chips: studentIds.map((id) => ({ value: String(id), timestamp: now })),
        type: "student_id",
        date: checkInDate,
      });
      recordErrors(result);
      snackbar(SCHEDULED_SUCCESS, { tone: "success" });
      void mutate();
      return true;
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
      return false;
    } finally {
      refocus();
    }
  }

  async function moveHere(entry: ElsewhereEntry) {
    try {
      await apiPost("/api/check-in/move", { entry_id: entry.id });
      snackbar(`Moved ${entry.student.name} to your Checked In list.`, { tone: "success" });
      void mutate();
      void mutateElsewhere();
    } catch (failure) {
      snackbar(messageOf(failure, "That didn't work. Please try again."), { tone: "error" });
    }
  }

  function removeAll() {
    const saved = pending.clear();
    snackbar("Removed all Student Numbers.", {
      action: {
        label: "Undo",
        onClick: () => {
          pending.restore(saved);
          refocus();
        },
      },
    });
    refocus();
  }

  async function copy() {
    const text = pending
      .current()
      .map((chip) => chip.value)
      .join(", ");
    try {
      await navigator.clipboard.writeText(text);
      snackbar("Copied Student Numbers to clipboard.");
    } catch {
      snackbar("Could not copy to the clipboard.", { tone: "error" });
    }
    refocus();
  }

  function download() {
    const now = new Date();
    const url = URL.createObjectURL(
      new Blob([chipsCsv(pending.current(), stamp)], { type: "text/csv;charset=utf-8" }),
    );
    const link = Object.assign(document.createElement("a"), { href: url, download: chipsCsvFileName(now) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    snackbar("Downloaded Student Numbers.");
    refocus();
  }

  /** Whether checking in `count` students for `forDate` may go ahead: asked first when it is not today. */
  function confirmDate(count: number, forDate: string | undefined): Promise<boolean> {
    const today = status?.today;
    if (!forDate || !today || !notTodayKind(forDate, today)) return Promise.resolve(true);
    return new Promise((resolve) => setAsking({ count, date: forDate, answer: resolve }));
  }
  const askingKind = asking && status ? notTodayKind(asking.date, status.today) : null;
  const asked = asking && askingKind ? notTodayConfirmation(asking.count, longDay(asking.date), askingKind) : null;
  const shownKind = status ? notTodayKind(status.date.iso, status.today) : null;

  // Keep the scanner's target focused when the day changes.
  useEffect(() => {
    refocus();
  }, [date, refocus]);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Check-in"
        actions={
          <>
            <AirCodeButton />
            <Button variant="ghost" size="sm" onClick={() => setErrorsOpen(true)}>
              <AlertTriangle aria-hidden className="size-4" />
              Check-in Errors
            </Button>
          </>
        }
      />
      <AirCodeLive date={date} />
      <DateBar
        status={status}
        date={date}
        refreshing={isValidating}
        onNavigate={setDate}
        onRefresh={() => {
          void mutate();
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
      {error && !status && (
        <p
          role="alert"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          {messageOf(error, "The check-in status could not be loaded.")}{" "}
          <button type="button" className="font-medium underline" onClick={() => void mutate()}>
            Try again
          </button>
        </p>
      )}
      {/* min-w-0: a grid item is otherwise as wide as its widest row, and a phone would scroll sideways. */}
      <div className="grid items-start gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <ScanOrEnter
          ref={inputRef}
          chips={chips}
          onAdd={add}
          onRemove={(chip) => {
            pending.remove(chip);
            refocus();
          }}
          onRemoveAll={removeAll}
          onCopy={copy}
          onDownload={download}
          onSubmit={submit}
          submitting={submitting}
          blockedReason={
            noBlock ?? (dateMismatch && pendingDate ? `These numbers were entered for ${longDay(pendingDate)}.` : null)
          }
          dateNote={status && shownKind ? notTodayNote(`${status.date.day} ${status.date.full_date}`, shownKind) : null}
          flash={feedback.flash}
          sound={feedback.sound}
          onSoundChange={feedback.setSound}
        />
        <div className="grid gap-6 [&>*]:min-w-0">
          <ScheduledList
            key={`${status?.date.iso}`}
            planned={block?.planned ?? (status ? [] : null)}
            loading={isLoading}
            disabled={!block}
            onCheckIn={checkInScheduled}
          />
          <CheckedInList
            entries={block?.ledger_entries ?? (status ? [] : null)}
            loading={isLoading}
            elsewhere={elsewhere?.entries}
            canMove={elsewhere?.can_move}
            onMove={(entry) => void moveHere(entry)}
          />
        </div>
      </div>
      {asking && asked && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open) {
              asking.answer(false);
              setAsking(null);
            }
          }}
          title={asked.title}
          description={asked.description}
          confirmLabel={asked.confirmLabel}
          onConfirm={() => {
            asking.answer(true);
            setAsking(null);
          }}
        />
      )}
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
