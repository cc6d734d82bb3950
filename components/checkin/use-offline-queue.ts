"use client";

import { useEffect, useSyncExternalStore } from "react";
import { mutate } from "swr";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, NETWORK_ERROR_MESSAGE } from "@/lib/api/request.client";
import { idbQueueStore } from "@/lib/checkin/offline-idb.client";
import {
  createQueueRunner,
  requestBody,
  waitingScans,
  type QueuedCheckIn,
  type QueueRunner,
  type SendOutcome,
} from "@/lib/checkin/offline-queue";
import {
  postCheckIn,
  recordCheckInErrors,
  reportCheckIn,
  showCheckInErrors,
  type CheckInAnswer,
} from "./post-check-in";

/**
 * The device's offline check-in queue, one per page: every press of Check In goes through it, so a
 * submission is safe in IndexedDB before it is sent, and sent again (with its same submission id)
 * after a lost answer. Sends on the browser's `online` event and on a back-off timer; keeps going
 * when the teacher leaves the check-in screen. Only the signed-in account's submissions are sent.
 */
const store = idbQueueStore();
let userId: number | null = null;
let waiting = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let started = false;
const listeners = new Set<() => void>();

async function send(item: QueuedCheckIn): Promise<SendOutcome<CheckInAnswer>> {
  try {
    return { ok: true, result: await postCheckIn(requestBody(item)) };
  } catch (failure) {
    if (failure instanceof ApiClientError)
      return { ok: false, status: failure.status, message: failure.message };
    return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE };
  }
}

/** What the teacher hears about a submission the server has answered. */
function settled(item: QueuedCheckIn, outcome: SendOutcome<CheckInAnswer>) {
  void mutate((key) => typeof key === "string" && key.startsWith("/api/check-in/"));
  if (outcome.ok) {
    reportCheckIn(outcome.result, item.attempts > 0 ? item.date : null);
    return;
  }
  // A final refusal (no Focus Block that day, …): the numbers go to the errors log, never lost.
  recordCheckInErrors(
    new Date().toLocaleString(),
    item.chips.map((chip) => chip.value),
  );
  snackbar(`${outcome.message} The ${item.chips.length} student numbers are kept in Check-in Errors.`, {
    tone: "error",
    action: { label: "Show Errors", onClick: showCheckInErrors },
  });
}

async function recount() {
  try {
    waiting = waitingScans(await store.all(), userId);
  } catch {
    waiting = 0;
  }
  listeners.forEach((listener) => listener());
}

const runner: QueueRunner = createQueueRunner({
  store,
  send,
  userId: () => userId,
  onSettled: settled,
  onChange: () => void recount(),
});

/** Sends what is due, then sets the timer for the next retry. */
async function flush(force: boolean) {
  if (userId === null) return;
  try {
    await runner.flush({ force });
  } catch {
    // IndexedDB unavailable: nothing was queued either
  }
  if (timer) clearTimeout(timer);
  timer = null;
  const due = await runner.nextDue().catch(() => null);
  if (due !== null) timer = setTimeout(() => void flush(false), Math.max(250, due - Date.now()));
  void recount();
}

function start() {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => void flush(true));
}

export const offlineQueue = {
  /** Keeps a submission on the device and tries to send it now. False when the device cannot store it. */
  async submit(item: QueuedCheckIn): Promise<boolean> {
    try {
      await runner.enqueue(item);
    } catch {
      return false;
    }
    await flush(true);
    return true;
  },
  flush,
};

/** Starts the queue for the signed-in account and answers how many scans wait to be sent. */
export function useOfflineQueue(accountId: number | null): number {
  useEffect(() => {
    start();
    userId = accountId;
    void flush(true);
  }, [accountId]);
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => 0,
  );
}
