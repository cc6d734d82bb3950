"use client";

import { snackbar } from "@/components/ui/snackbar";
import { apiPost } from "@/lib/api/request.client";
import { checkInResultMessage } from "@/lib/checkin/chips";
import { checkInSummary } from "@/lib/checkin/elsewhere-rules";
import type { z } from "zod";
import type { checkInSubmitBody } from "@/lib/checkin/offline-schemas";
import type { CheckInAnswer } from "@/lib/checkin/answers";
import { getStored, setStored } from "@/lib/storage.client";

export type { CheckInAnswer };
/** The body as the browser sends it (timestamps as ISO text). */
export type CheckInRequest = z.input<typeof checkInSubmitBody>;

/**
 * POST /api/check-in: the one place the browser posts a check-in. The offline queue sends through it,
 * and so do the screen's direct sends (no device storage, roll call of the Scheduled list).
 */
export const postCheckIn = (body: CheckInRequest) => apiPost<CheckInAnswer>("/api/check-in", body);

/**
 * Unresolved entries go to the device's errors log (the Check-in Errors dialog), newest last, with the
 * spec's `timestamp_string` and the instant itself (`at`, ISO), which the dialog shows.
 */
export function recordCheckInErrors(timestampString: string, errors: readonly string[], at?: string) {
  if (errors.length === 0) return;
  setStored("checkInErrors", [
    ...(getStored("checkInErrors") ?? []),
    { timestamp_string: timestampString, errors: [...errors], at: at ?? new Date().toISOString() },
  ]);
}

/** Opens the Check-in Errors dialog (it follows the `#errors` fragment). */
export function showCheckInErrors() {
  window.location.hash = "errors";
}

/**
 * What the teacher hears about an answered check-in of entered numbers: unresolved entries logged, and
 * the snackbar ("Checked in 3 students…"), prefixed with the date when it was sent later from the queue.
 */
export function reportCheckIn(result: CheckInAnswer, sentLaterFor: string | null = null) {
  recordCheckInErrors(result.timestamp_string, result.errors, result.timestamp);
  const message = checkInSummary(result, checkInResultMessage);
  snackbar(sentLaterFor ? `Sent scans from ${sentLaterFor}: ${message}` : message, {
    tone: result.errors.length > 0 ? "default" : "success",
    action: result.errors.length > 0 ? { label: "Show Errors", onClick: showCheckInErrors } : undefined,
  });
}
