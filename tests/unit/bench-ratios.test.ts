/** @jest-environment node */
import { ceilings, checkTargets, type Endpoint, type RatioRow } from "@/scripts/bench/ratios";

const endpoints: Endpoint[] = [
  { key: "health", name: "GET /api/health (select 1)", path: "/api/health", token: null },
  { key: "user", name: "GET /api/user", path: "/api/user", token: "t" },
  { key: "status", name: "GET /api/check-in/status/{date}", path: "/api/check-in/status/x", token: "t" },
];

const row = (name: string, connections: number, ours: number, floor: number, p95 = 10): RatioRow => ({
  name,
  connections,
  ours: { rps: ours, p95 },
  floor: { rps: floor, p95 },
});

describe("the ceiling of a route handler", () => {
  // The framework costs 1/1,000 − 1/10,000 s = 0.9 ms per request at 50 connections.
  const health = row("GET /api/health (select 1)", 50, 1000, 10_000);
  const user = row("GET /api/user", 50, 900, 9_000);
  const status = row("GET /api/check-in/status/{date}", 50, 500, 1_000);

  it("adds the framework's own cost per request to the floor's", () => {
    const reach = ceilings(endpoints, [health, user, status]);
    // user: the floor needs 0.111 ms, plus 0.9 ms: at most 11 % of the floor.
    expect(reach.get(user)).toBeCloseTo((100 * (1 / 9000)) / (1 / 9000 + 0.0009), 6);
    expect(Math.round(reach.get(status)!)).toBe(53);
  });

  it("uses the framework pair of the same number of connections, and none without one", () => {
    const quiet = row("GET /api/health (select 1)", 1, 500, 1000);
    const user1 = row("GET /api/user", 1, 400, 1000);
    const reach = ceilings(endpoints, [health, quiet, user1, row("GET /api/user", 10, 400, 1000)]);
    expect(reach.get(user1)).toBeCloseTo(50, 6);
    expect([...reach.keys()].some((r) => r.connections === 10)).toBe(false);
    expect(ceilings(endpoints.slice(1), [user]).size).toBe(0);
  });

  it("says when a target is beyond any route handler, and when the floor itself misses a p95 target", () => {
    const lines = checkTargets(endpoints, [health, user, status], 50).map((line) => line.text);
    expect(lines[0]).toBe("FAIL  GET /api/user at 50: 10 % of the floor (target ≥ 40 %; ceiling 11 %: beyond any route handler here)");
    expect(lines[1]).toBe("FAIL  GET /api/check-in/status/{date} at 50: 50 % of the floor (target ≥ 60 %; ceiling 53 %: beyond any route handler here)");
  });
});
