"use client";

import { useState } from "react";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { messageOf } from "@/lib/api/request.client";
import { MAX_CHIPS, SCHEDULED_SUCCESS } from "@/lib/checkin/chips";
import { queuedCheckIn } from "@/lib/checkin/offline-queue";
import { getStored, removeStored, setStored } from "@/lib/storage.client";
import { postCheckIn, recordCheckInErrors, reportCheckIn } from "./post-check-in";
import { offlineQueue } from "./use-offline-queue";
import { pendingChips as pending } from "./use-pending-chips";

/** The browser's own date, only when the server's is not known (offline before the first status). */
const deviceToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/**
 * The check-in screen's one submit path. Entered numbers go through the device's offline queue (safe in
 * IndexedDB first, sent with one submission id however often it is retried); straight to the server only
 * when the device cannot keep them or nobody is signed in. Roll call of the Scheduled list is sent at once.
 * Every send is `postCheckIn` (POST /api/check-in).
 */
export function useCheckInSubmit(options: {
  userId: number | null;
  /** The day shown (YYYY-MM-DD), the server's today, and the URL's day (none: today in the school's zone). */
  shownDate: string | null | undefined;
  today: string | undefined;
  urlDate: string | undefined;
  /** Numbers wait for another day than the one shown: nothing is sent. */
  blocked: boolean;
  confirmDate: (count: number, forDate: string | undefined) => Promise<boolean>;
  refocus: () => void;
  refresh: () => void;
}) {
  const { userId, shownDate, today, blocked, confirmDate, refocus, refresh } = options;
  const [submitting, setSubmitting] = useState(false);

  /** Adds entered numbers; the first of a batch fixes the day they are for. */
  function add(values: string[]) {
    if (pending.current().length === 0 || !getStored("pendingChipsDate")) {
      setStored("pendingChipsDate", shownDate ?? today ?? deviceToday());
    }
    const overflow = pending.add(values);
    if (overflow > 0)
      snackbar(`At most ${MAX_CHIPS} student numbers can be checked in at once.`, { tone: "error" });
  }

  /** Through the queue; true when the device kept the submission. */
  async function queue(batch: ReturnType<typeof pending.current>, forDate: string): Promise<boolean> {
    if (userId === null) return false;
    const item = queuedCheckIn({
      id: crypto.randomUUID(),
      userId,
      date: forDate,
      type: "student_number",
      chips: batch,
      now: new Date(),
    });
    if (!(await offlineQueue.submit(item))) return false;
    pending.confirm(batch);
    if (pending.current().length === 0) removeStored("pendingChipsDate");
    if (!navigator.onLine)
      snackbar("No network: the scans are kept on this device and sent when it is back.");
    return true;
  }

  /** Check In: the pending numbers (and any typed with the press) for the day they were entered for. */
  async function submit(typed: string[]) {
    if (typed.length > 0) add(typed);
    const batch = pending.current();
    if (batch.length === 0 || submitting || blocked) return refocus();
    const forDate = getStored("pendingChipsDate") || shownDate || today || deviceToday();
    if (!(await confirmDate(batch.length, forDate))) return refocus();
    setSubmitting(true);
    try {
      if (await queue(batch, forDate)) return;
      const chips = batch.map((chip) => ({ value: chip.value, timestamp: chip.timestamp }));
      const result = await postCheckIn({ chips, type: "student_number", date: forDate });
      pending.confirm(batch);
      reportCheckIn(result);
      refresh();
    } catch (failure) {
      const message = messageOf(failure, "The check-in could not be sent. Please try again.");
      snackbar(`${message} Your student numbers are kept.`, { tone: "error" });
    } finally {
      setSubmitting(false);
      refocus();
    }
  }

  const rollCall = useAction(async (studentIds: number[]) => {
    const now = new Date().toISOString();
    const chips = studentIds.map((id) => ({ value: String(id), timestamp: now }));
    const result = await postCheckIn({ chips, type: "student_id", date: options.urlDate });
    recordCheckInErrors(result.timestamp_string, result.errors, result.timestamp);
    snackbar(SCHEDULED_SUCCESS, { tone: "success" });
    refresh();
    return true;
  });

  /** Roll call: checks the chosen Scheduled students in; true when the server recorded it. */
  async function checkInScheduled(studentIds: number[]) {
    if (!(await confirmDate(studentIds.length, shownDate ?? undefined))) return false;
    const recorded = (await rollCall.run(studentIds)) ?? false;
    refocus();
    return recorded;
  }

  return { submitting, add, submit, checkInScheduled };
}
