/** @jest-environment node */
import "fake-indexeddb/auto";
import {
  backoffDelay,
  BACKOFF_MAX_MS,
  createQueueRunner,
  isRetryable,
  pendingDateState,
  queuedCheckIn,
  requestBody,
  waitingLabel,
  waitingScans,
  type QueuedCheckIn,
  type SendOutcome,
} from "@/lib/checkin/offline-queue";
import { idbQueueStore } from "@/lib/checkin/offline-idb.client";

const chips = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `1000${i}`, timestamp: "2026-11-18T17:30:00.000Z" }));
let counter = 0;
const item = (over: Partial<QueuedCheckIn> = {}): QueuedCheckIn => ({
  ...queuedCheckIn({
    id: `00000000-0000-4000-8000-${String(++counter).padStart(12, "0")}`,
    userId: 7,
    date: "2026-11-18",
    type: "student_number",
    chips: chips(3),
    now: new Date(Date.UTC(2026, 10, 18, 17, 30, counter)),
  }),
  ...over,
});

describe("back-off", () => {
  it("doubles from 2 s to a one-minute cap, drawn from the upper half of each step", () => {
    expect(backoffDelay(1, () => 0)).toBe(1_000);
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(2, () => 1)).toBe(4_000);
    expect(backoffDelay(3, () => 1)).toBe(8_000);
    expect(backoffDelay(20, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(20, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });

  it("retries no answer, timeouts, throttling, a signed-out session and server faults; not a refusal", () => {
    for (const status of [0, 401, 408, 429, 500, 502, 503]) expect(isRetryable(status)).toBe(true);
    for (const status of [400, 403, 404, 409, 413, 422]) expect(isRetryable(status)).toBe(false);
  });
});

describe("the date guard", () => {
  it("sends a submission for the date it was entered for, with its id", () => {
    const queued = item({ date: "2026-11-18" });
    expect(requestBody(queued)).toEqual({
      chips: queued.chips,
      type: "student_number",
      date: "2026-11-18",
      submission_id: queued.id,
    });
  });

  it("says a try after a failed one is a replay (the audit log names it an offline replay)", () => {
    const queued = item({ date: "2026-11-18" });
    expect(requestBody(queued)).not.toHaveProperty("replay");
    expect(requestBody({ ...queued, attempts: 1 })).toMatchObject({ submission_id: queued.id, replay: true });
  });

  it("flags chips waiting for another date than the one shown", () => {
    expect(pendingDateState("2026-11-18", "2026-11-18", 3)).toBe("ok");
    expect(pendingDateState("2026-11-18", "2026-11-19", 3)).toBe("mismatch");
    expect(pendingDateState("2026-11-18", "2026-11-19", 0)).toBe("ok");
    expect(pendingDateState(null, "2026-11-19", 3)).toBe("ok");
  });
});

describe("the indicator", () => {
  it("counts the signed-in user's waiting scans", () => {
    const items = [item({ chips: chips(10) }), item({ chips: chips(2) }), item({ user_id: 8, chips: chips(5) })];
    expect(waitingScans(items, 7)).toBe(12);
    expect(waitingLabel(12)).toBe("12 scans waiting to send");
    expect(waitingLabel(1)).toBe("1 scan waiting to send");
  });
});

describe("the queue runner on IndexedDB", () => {
  function setup(send: (item: QueuedCheckIn) => Promise<SendOutcome<string>>, user = 7) {
    let clock = 1_000_000;
    const store = idbQueueStore();
    const settled: [QueuedCheckIn, SendOutcome<string>][] = [];
    const runner = createQueueRunner({
      store,
      send,
      userId: () => user,
      now: () => clock,
      random: () => 1,
      onSettled: (i, o) => settled.push([i, o]),
    });
    return { store, runner, settled, tick: (ms: number) => (clock += ms), clock: () => clock };
  }

  afterEach(async () => {
    const store = idbQueueStore();
    for (const i of await store.all()) await store.remove(i.id);
  });

  it("keeps a submission through failed tries with growing waits, then sends it once", async () => {
    let online = false;
    const sent: string[] = [];
    const { store, runner, settled, tick, clock } = setup(async (i) => {
      if (!online) return { ok: false, status: 0, message: "offline" };
      sent.push(i.id);
      return { ok: true, result: "recorded" };
    });
    const queued = item();
    await runner.enqueue(queued);
    await runner.flush({ force: true });
    let [stored] = await store.all();
    expect(stored).toMatchObject({ id: queued.id, attempts: 1, next_attempt_at: clock() + 2_000 });

    await runner.flush(); // not due yet: not tried
    expect((await store.all())[0]!.attempts).toBe(1);
    tick(2_000);
    await runner.flush();
    [stored] = await store.all();
    expect(stored).toMatchObject({ attempts: 2, next_attempt_at: clock() + 4_000 });

    online = true;
    await runner.flush({ force: true }); // the browser's online event
    expect(sent).toEqual([queued.id]);
    expect(await store.all()).toEqual([]);
    expect(settled.map(([i, o]) => [i.id, o.ok])).toEqual([[queued.id, true]]);
  });

  it("drops a submission the server refuses for good, and reports it", async () => {
    const { store, runner, settled } = setup(async () => ({ ok: false, status: 422, message: "No Focus Block on this date." }));
    await runner.enqueue(item());
    await runner.flush({ force: true });
    expect(await store.all()).toEqual([]);
    expect(settled[0]![1]).toEqual({ ok: false, status: 422, message: "No Focus Block on this date." });
  });

  it("sends oldest first, one flush at a time, and stops at the first try with no answer", async () => {
    const order: string[] = [];
    let answer = true;
    const { runner, store } = setup(async (i) => {
      order.push(i.id);
      return answer ? { ok: true, result: "ok" } : { ok: false, status: 0, message: "offline" };
    });
    const [a, b, c] = [item(), item(), item()];
    await runner.enqueue(c);
    await runner.enqueue(a);
    await runner.enqueue(b);
    await Promise.all([runner.flush({ force: true }), runner.flush({ force: true })]);
    expect(order).toEqual([a.id, b.id, c.id]);

    answer = false;
    order.length = 0;
    await runner.enqueue(item());
    await runner.enqueue(item());
    await runner.flush({ force: true });
    expect(order).toHaveLength(1);
    expect(await store.all()).toHaveLength(2);
  });

  it("leaves another account's submissions alone", async () => {
    const sent: number[] = [];
    const { runner, store } = setup(async (i) => {
      sent.push(i.user_id);
      return { ok: true, result: "ok" };
    });
    await runner.enqueue(item({ user_id: 8 }));
    await runner.enqueue(item());
    await runner.flush({ force: true });
    expect(sent).toEqual([7]);
    expect((await store.all()).map((i) => i.user_id)).toEqual([8]);
    expect(await runner.nextDue()).toBeNull();
  });
});
