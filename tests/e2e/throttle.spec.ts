import http from "node:http";
import { expect, test } from "./helpers";

/**
 * The per-address check-user throttle behind the real server (scripts/server.mjs,
 * as in production): it counts the socket's address, never one a client writes in X-Forwarded-For
 * (TRUSTED_PROXIES is unset here, as by default). The burst comes from a loopback address of its own
 * (all of 127.0.0.0/8 is loopback), picked at random so a retry starts from an empty bucket and no
 * other test's address is slowed down.
 */
/** lib/auth/throttle.server.ts's CHECK_USER_MISS_BURST (that module is server-only, so it cannot be imported here). */
const CHECK_USER_MISS_BURST = 300;

/** Asks about a username no one has: only such misses count against an address. */
function checkUser(baseURL: string, forwardedFor: string, localAddress?: string, username = "no-such-user"): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL("/api/check-user", baseURL),
      {
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on("error", reject);
    request.end(JSON.stringify({ username }));
  });
}

test("the check-user throttle counts the socket's address, whatever X-Forwarded-For claims", async ({ baseURL }) => {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  const own = `127.${octet()}.${octet()}.${octet()}`;
  const statuses: number[] = [];
  // A username that exists never counts: a class pressing Next together is not slowed down.
  for (let i = 0; i < 20; i++) expect(await checkUser(baseURL!, `198.51.100.${i}`, own, "100001")).toBe(200);
  const started = Date.now();
  for (let i = 0; i < CHECK_USER_MISS_BURST + 5; i++) {
    // A fresh made-up client address every time: believed, it would give each request a bucket of its own.
    statuses.push(await checkUser(baseURL!, `198.51.100.${i % 250}, 203.0.113.${i % 250}`, own, `no-such-user-${i}`));
  }
  // One place drains every 4 s, so a slow run may win a place back for each 4 s it took.
  const drained = Math.ceil((Date.now() - started) / 4000);
  expect(statuses.slice(0, CHECK_USER_MISS_BURST)).toEqual(Array(CHECK_USER_MISS_BURST).fill(404));
  expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(CHECK_USER_MISS_BURST + drained);
  // Past them every username from that address gets the same withheld answer (200), a known one too: never a 429.
  expect(statuses.slice(CHECK_USER_MISS_BURST)).toContain(200);
  expect(statuses).not.toContain(429);
  expect(await checkUser(baseURL!, "198.51.100.9", own, "100001")).toBe(200);
  // The same made-up header from another socket address is not slowed down by that burst.
  expect(await checkUser(baseURL!, "198.51.100.1, 203.0.113.1")).toBe(404);
});
