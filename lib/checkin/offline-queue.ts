/**
 * The offline check-in queue's rules, free of React and IndexedDB so they are easy to test: what a
 * queued submission holds, when a failed send is tried again (back-off), which failures are final,
 * and the date guard (entries are only ever sent for the date they were entered for).
 */
import type { CheckInType } from "./schemas";

export interface QueuedChip {
  value: string;
  timestamp: string;
}

/** One press of Check In, kept on the device until the server has answered it. */
export interface QueuedCheckIn {
  /** The submission_id sent with every try: the server records it once, whatever the retries. */
  id: string;
  /** Whose session queued it: only that account's session sends it. */
  user_id: number;
  /** The check-in date (YYYY-MM-DD) the entries were made for; never replaced by the date shown later. */
  date: string;
  type: CheckInType;
  chips: QueuedChip[];
  queued_at: string;
  /** Failed tries so far. */
  attempts: number;
  /** Epoch milliseconds before which it is not tried again (0: at once). */
  next_attempt_at: number;
}

/** Where the queue lives (IndexedDB in the browser, a Map in tests). */
export interface QueueStore {
  all(): Promise<QueuedCheckIn[]>;
  put(item: QueuedCheckIn): Promise<void>;
  remove(id: string): Promise<void>;
}

/** What one try of a submission came to. */
export type SendOutcome<R> =
  | { ok: true; result: R }
  | { ok: false; status: number; message: string };

export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 60_000;

/**
 * How long to wait after the n-th failed try: 2 s, 4 s, 8 s … up to a minute, each drawn from the
 * upper half of its step ("equal jitter") so a room of devices coming back online does not retry in step.
 */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

/**
 * Failures worth trying again: no answer (0: offline, a dropped connection), a timeout, throttling,
 * a signed-out session (kept until its account signs in again) and server faults. Anything else
 * (422 no Focus Block that day, 403) is the server's considered answer: retrying cannot change it.
 */
export function isRetryable(status: number): boolean {
  return status === 0 || status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;
}

/** A submission of the pending chips for a date. */
export function queuedCheckIn(input: {
  id: string;
  userId: number;
  date: string;
  type: CheckInType;
  chips: readonly QueuedChip[];
  now: Date;
}): QueuedCheckIn {
  return {
    id: input.id,
    user_id: input.userId,
    date: input.date,
    type: input.type,
    chips: input.chips.map((chip) => ({ value: chip.value, timestamp: chip.timestamp })),
    queued_at: input.now.toISOString(),
    attempts: 0,
    next_attempt_at: 0,
  };
}

/**
 * The POST /api/check-in body of a queued submission: always its own date and id; a try after a failed
 * one (the device was offline, or the server did not answer) says it is a replay, for the audit log.
 */
export function requestBody(item: QueuedCheckIn) {
  return { chips: item.chips, type: item.type, date: item.date, submission_id: item.id, ...(item.attempts > 0 ? { replay: true } : {}) };
}

/** Scans waiting in a user's queue. */
export const waitingScans = (items: readonly QueuedCheckIn[], userId: number | null) =>
  items.filter((item) => item.user_id === userId).reduce((sum, item) => sum + item.chips.length, 0);

/** "12 scans waiting to send" / "1 scan waiting to send". */
export const waitingLabel = (count: number) => `${count} ${count === 1 ? "scan" : "scans"} waiting to send`;

/**
 * The date guard of the pending chips: entries made for one date are submitted only for that date.
 * "mismatch" when chips wait for another date than the one shown (the screen then asks).
 */
export function pendingDateState(pendingDate: string | null, shownDate: string | null, pendingCount: number) {
  if (pendingCount === 0 || pendingDate === null || shownDate === null) return "ok" as const;
  return pendingDate === shownDate ? ("ok" as const) : ("mismatch" as const);
}

export interface QueueRunner {
  /** Stores a submission (it is then safe on the device) and tells listeners. */
  enqueue(item: QueuedCheckIn): Promise<void>;
  /** Sends what is due (everything when `force`), oldest first, for the signed-in user. */
  flush(options?: { force?: boolean }): Promise<void>;
  /** The earliest retry time among the user's waiting submissions, or null. */
  nextDue(): Promise<number | null>;
}

/**
 * Sends queued submissions one at a time. A success or a final refusal removes the submission and is
 * reported through `onSettled`; a retryable failure keeps it with a later `next_attempt_at`. Once a
 * try gets no answer at all, the rest wait too (the network is down: no point hammering it).
 */
export function createQueueRunner<R>(options: {
  store: QueueStore;
  send: (item: QueuedCheckIn) => Promise<SendOutcome<R>>;
  userId: () => number | null;
  now?: () => number;
  random?: () => number;
  onSettled?: (item: QueuedCheckIn, outcome: SendOutcome<R>) => void;
  onChange?: () => void;
}): QueueRunner {
  const now = options.now ?? Date.now;
  let running: Promise<void> | null = null;

  async function mine() {
    const user = options.userId();
    return (await options.store.all())
      .filter((item) => item.user_id === user)
      .sort((a, b) => a.queued_at.localeCompare(b.queued_at) || a.id.localeCompare(b.id));
  }

  async function run(force: boolean) {
    for (const item of await mine()) {
      if (!force && item.next_attempt_at > now()) continue;
      const outcome = await options.send(item);
      if (outcome.ok || !isRetryable(outcome.status)) {
        await options.store.remove(item.id);
        options.onSettled?.(item, outcome);
        options.onChange?.();
        continue;
      }
      const attempts = item.attempts + 1;
      await options.store.put({ ...item, attempts, next_attempt_at: now() + backoffDelay(attempts, options.random) });
      options.onChange?.();
      if (outcome.status === 0 || outcome.status === 401) break;
    }
  }

  return {
    async enqueue(item) {
      await options.store.put(item);
      options.onChange?.();
    },
    async flush({ force = false } = {}) {
      // One flush at a time; a flush asked for meanwhile runs after it (new items may have come).
      while (running) await running;
      running = run(force).finally(() => {
        running = null;
      });
      return running;
    },
    async nextDue() {
      const items = await mine();
      return items.length === 0 ? null : Math.min(...items.map((item) => item.next_attempt_at));
    },
  };
}
