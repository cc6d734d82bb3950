"use client";

import { AlertTriangle, CalendarOff } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useCalendarDate } from "@/components/calendar/use-calendar-date";
import { Button } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { snackbar } from "@/components/ui/snackbar";
import { apiPost, messageOf } from "@/lib/api/client";
import {
  checkInResultMessage,
  chipsCsv,
  chipsCsvFileName,
  LEAVE_WARNING,
  MAX_CHIPS,
  SCHEDULED_SUCCESS,
} from "@/lib/checkin/chips";
import type { CheckInResult } from "@/lib/checkin/service";
import { getStored, setStored, type PendingChip } from "@/lib/storage";
import { CheckedInList } from "./checked-in-list";
import { DateBar } from "./date-bar";
import { ErrorsDialog } from "./errors-dialog";
import { ScanOrEnter } from "./scan-or-enter";
import { ScheduledList } from "./scheduled-list";
import { useCheckInStatus } from "./use-check-in-status";
import { useHashFlag } from "./use-hash-flag";
import { useLeaveWarning } from "./use-leave-warning";
import { pendingChips as pending, usePendingChips } from "./use-pending-chips";

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
  useLeaveWarning(chips.length > 0, LEAVE_WARNING);

  const refocus = useCallback(() => {
    requestAnimationFrame(() => inputRef.current?.focus());
  }, []);

  const block = status?.blocks[0] ?? null;
  const noBlock = status !== undefined && block === null ? "No Focus Block on this date." : null;
  // The day in the URL; none means today, which the server works out in the school's zone.
  const checkInDate = date ?? undefined;

  function add(values: string[]) {
    const overflow = pending.add(values);
    if (overflow > 0)
      snackbar(`At most ${MAX_CHIPS} student numbers can be checked in at once.`, { tone: "error" });
  }

  async function submit(typed: string[]) {
    if (typed.length > 0) add(typed);
    const batch = pending.current();
    if (batch.length === 0 || submitting) return refocus();
    setSubmitting(true);
    try {
      const result = await apiPost<CheckInResult>("/api/check-in", {
        chips: batch.map((chip: PendingChip) => ({ value: chip.value, timestamp: chip.timestamp })),
        type: "student_number",
        date: checkInDate,
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
      new Blob([chipsCsv(pending.current())], { type: "text/csv;charset=utf-8" }),
    );
    const link = Object.assign(document.createElement("a"), { href: url, download: chipsCsvFileName(now) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    snackbar("Downloaded Student Numbers.");
    refocus();
  }

  // Keep the scanner's target focused when the day changes.
  useEffect(() => {
    refocus();
  }, [date, refocus]);

  return (
    <div className="mx-auto w-full max-w-6xl">
      <PageHeader
        title="Check-in"
        actions={
          <Button variant="ghost" size="sm" onClick={() => setErrorsOpen(true)}>
            <AlertTriangle aria-hidden className="size-4" />
            Check-in Errors
          </Button>
        }
      />
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
      {noBlock && (
        <p
          role="status"
          className="mb-4 flex items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900"
        >
          <CalendarOff aria-hidden className="size-4 shrink-0" />
          {noBlock} Entered numbers are kept until you pick a day with a Focus Block.
        </p>
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
      <div className="grid items-start gap-6 lg:grid-cols-2">
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
          blockedReason={noBlock}
        />
        <div className="grid gap-6">
          <ScheduledList
            key={`${status?.date.iso}`}
            planned={block?.planned ?? (status ? [] : null)}
            loading={isLoading}
            disabled={!block}
            onCheckIn={checkInScheduled}
          />
          <CheckedInList entries={block?.ledger_entries ?? (status ? [] : null)} loading={isLoading} />
        </div>
      </div>
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
