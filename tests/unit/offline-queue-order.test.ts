/** @jest-environment node */
import {
  createQueueRunner,
  isRetryable,
  pendingDateState,
  queuedCheckIn,
  type QueuedCheckIn,
  type QueueStore,
  type SendOutcome,
} from "@/lib/checkin/offline-queue";

// The offline check-in queue's order and stops, on an in-memory store (offline-queue.test.ts runs the
// same runner on IndexedDB).

function memoryStore(items: QueuedCheckIn[]): QueueStore & { items: Map<string, QueuedCheckIn> } {
  const map = new Map(items.map((item) => [item.id, item]));
  return {
    items: map,
    all: async () => [...map.values()],
    put: async (item) => void map.set(item.id, item),
    remove: async (id) => void map.delete(id),
  };
}

const submission = (id: string, userId: number, queuedAt: string) =>
  queuedCheckIn({
    id,
    userId,
    date: "2026-11-18",
    type: "student_number",
    chips: [{ value: "100234", timestamp: "2026-11-18T17:30:00.000Z" }],
    now: new Date(queuedAt),
  });

describe("the offline queue", () => {
  it("retries a 425 (too early) like other transient answers, not a 422", () => {
    expect(isRetryable(425)).toBe(true);
    expect(isRetryable(422)).toBe(false);
  });

  it("keeps only each chip's value and capture time", () => {
    const chip = { value: "100234", timestamp: "2026-11-18T17:30:00.000Z", label: "Maya" };
    expect(queuedCheckIn({ id: "a", userId: 7, date: "2026-11-18", type: "student_number", chips: [chip], now: new Date(0) }).chips).toEqual([
      { value: "100234", timestamp: "2026-11-18T17:30:00.000Z" },
    ]);
  });

  it("the date guard holds only when chips wait and both dates are known", () => {
    expect(pendingDateState("2026-11-18", null, 3)).toBe("ok");
    expect(pendingDateState(null, "2026-11-19", 3)).toBe("ok");
    expect(pendingDateState("2026-11-18", "2026-11-19", 3)).toBe("mismatch");
  });

  it("sends the signed-in user's submissions only, oldest first, ties by id, and reports each settled one", async () => {
    const store = memoryStore([
      submission("c", 7, "2026-11-18T17:32:00Z"),
      submission("b", 7, "2026-11-18T17:30:00Z"),
      submission("x", 8, "2026-11-18T17:29:00Z"),
      submission("a", 7, "2026-11-18T17:30:00Z"),
    ]);
    const sent: string[] = [];
    const settled: [string, SendOutcome<string>][] = [];
    const runner = createQueueRunner<string>({
      store,
      userId: () => 7,
      send: async (item) => {
        sent.push(item.id);
        return { ok: true, result: item.id };
      },
      onSettled: (item, outcome) => settled.push([item.id, outcome]),
    });
    await runner.flush();
    expect(sent).toEqual(["a", "b", "c"]);
    expect(settled).toEqual([
      ["a", { ok: true, result: "a" }],
      ["b", { ok: true, result: "b" }],
      ["c", { ok: true, result: "c" }],
    ]);
    expect([...store.items.keys()]).toEqual(["x"]);
  });

  it("a server fault moves on to the next submission; no answer or a signed-out session stops the rest", async () => {
    for (const [status, expected] of [
      [500, ["a", "b"]],
      [0, ["a"]],
      [401, ["a"]],
    ] as const) {
      const store = memoryStore([submission("a", 7, "2026-11-18T17:30:00Z"), submission("b", 7, "2026-11-18T17:31:00Z")]);
      const sent: string[] = [];
      const runner = createQueueRunner({
        store,
        userId: () => 7,
        now: () => 1_000,
        random: () => 0,
        send: async (item): Promise<SendOutcome<never>> => {
          sent.push(item.id);
          return { ok: false, status, message: "no" };
        },
      });
      await runner.flush();
      expect(sent).toEqual(expected);
      expect(store.items.get("a")).toMatchObject({ attempts: 1, next_attempt_at: 2_000 });
    }
  });

  it("the next retry is the earliest among the user's submissions, none when nothing waits", async () => {
    const store = memoryStore([
      { ...submission("a", 7, "2026-11-18T17:30:00Z"), next_attempt_at: 5_000 },
      { ...submission("b", 7, "2026-11-18T17:31:00Z"), next_attempt_at: 3_000 },
      { ...submission("c", 8, "2026-11-18T17:31:00Z"), next_attempt_at: 1_000 },
    ]);
    const runner = createQueueRunner({ store, userId: () => 7, send: async () => ({ ok: true, result: null }) });
    expect(await runner.nextDue()).toBe(3_000);
    expect(await createQueueRunner({ store, userId: () => 9, send: async () => ({ ok: true, result: null }) }).nextDue()).toBeNull();
  });
});
