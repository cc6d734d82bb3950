/** @jest-environment node */
import { MessageChannel } from "node:worker_threads";
import { partsToPull, pullValue, receiveValue, sendValue, SLICE_ROWS, type ValuePart } from "@/lib/worker-channel";

/**
 * A value crosses to or from a worker thread a slice of rows a message, the server's loop taking a turn
 * before each: a 16,000-row array cloned in one message held the loop tens of milliseconds.
 */
const rows = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ id: i, tag, name: `Élodie ${i}` }));
const value = () => ({
  counts: { created: 3, errors: 0 },
  errors: [{ file: "users.csv", line: 2, reason: "x" }],
  writes: { students: { insert: rows(SLICE_ROWS * 2 + 7, "s"), archive: [1, 2, 3] }, enrollments: { insert: rows(SLICE_ROWS + 1, "e") } },
  changes: rows(SLICE_ROWS, "c"),
  school_year: null,
  nested: [[1, 2], { deep: rows(SLICE_ROWS + 2, "d") }],
});

function countingTurn() {
  const counter = { turns: 0 };
  return { counter, turn: async () => void (counter.turns += 1) };
}

it("pushes a value in slices of at most SLICE_ROWS rows, a turn before each message, and rebuilds it whole", async () => {
  const { port1, port2 } = new MessageChannel();
  const messages: ValuePart[] = [];
  const feed = receiveValue();
  const received = new Promise<unknown>((resolve) =>
    port2.on("message", (part: ValuePart) => {
      messages.push(part);
      const fed = feed(part);
      if (fed.done) resolve(fed.value);
    }),
  );
  const { counter, turn } = countingTurn();
  await sendValue(port1, value(), turn, (part) => part);
  expect(await received).toEqual(value());
  port1.close();
  port2.close();
  const slices = messages.filter((m) => m.part === "slice");
  // 3 slices of students, 2 of enrolments (2,000 and 1); 2,000 changes and the 3 ids travel with the skeleton.
  expect(slices).toHaveLength(5);
  expect(Math.max(...slices.map((m) => (m.part === "slice" ? m.rows.length : 0)))).toBe(SLICE_ROWS);
  expect(counter.turns).toBe(messages.length);
  expect(messages[0]!.part).toBe("skeleton");
  expect(messages.at(-1)!.part).toBe("end");
});

it("pulls a value a part per request, taking a turn before each request", async () => {
  const parts = partsToPull(value());
  const asked: number[] = [];
  const { counter, turn } = countingTurn();
  const ask = () => {
    asked.push(counter.turns);
    const next = parts.next();
    if (!next.done) void pulled.take(next.value);
  };
  const pulled = pullValue(ask, turn);
  ask(); // the worker posts the skeleton unasked; here the first request stands for it
  expect(await pulled.value).toEqual(value());
  // Every request after the first waited for a turn: the server deserializes one slice per turn.
  expect(asked.slice(1).every((turns, i) => turns === i + 1)).toBe(true);
});

it("leaves short arrays, dates, nulls and plain values as they are", async () => {
  const plain = { a: [1, 2], b: null, c: "x", d: new Date("2026-11-27T00:00:00Z"), e: { f: [] as number[] } };
  const parts = [...partsToPull(plain)];
  expect(parts).toHaveLength(2); // the skeleton and the end: nothing to slice
  const feed = receiveValue();
  let out: unknown;
  for (const part of parts) {
    const fed = feed(part);
    if (fed.done) out = fed.value;
  }
  expect(out).toEqual(plain);
});
