import http from "node:http";
import { expect, test } from "./helpers";

/**
 * The per-address sign-in throttle behind the real server (`next start` with scripts/server-preload.cjs,
 * as in production): it counts the socket's address, never one a client writes in X-Forwarded-For
 * (TRUSTED_PROXIES is unset here, as by default). The burst comes from a loopback address of its own
 * (all of 127.0.0.0/8 is loopback), picked at random so a retry starts from an empty bucket and no
 * other test's address is slowed down.
 */
/** lib/auth/throttle.ts's CHECK_USER_BURST (that module is server-only, so it cannot be imported here). */
const CHECK_USER_BURST = 60;

function checkUser(baseURL: string, forwardedFor: string, localAddress?: string): Promise<number> {
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
    request.end(JSON.stringify({ username: "100001" }));
  });
}

test("the check-user throttle counts the socket's address, whatever X-Forwarded-For claims", async ({ baseURL }) => {
  const octet = () => 1 + Math.floor(Math.random() * 250);
  const own = `127.${octet()}.${octet()}.${octet()}`;
  const statuses: number[] = [];
  for (let i = 0; i <= CHECK_USER_BURST; i++) {
    // A fresh made-up client address every time: believed, it would give each request a bucket of its own.
    statuses.push(await checkUser(baseURL!, `198.51.100.${i}, 203.0.113.${i}`, own));
  }
  expect(statuses.slice(0, CHECK_USER_BURST)).toEqual(Array(CHECK_USER_BURST).fill(200));
  expect(statuses[CHECK_USER_BURST]).toBe(429);
  // The same made-up header from another socket address is not slowed down by that burst.
  expect(await checkUser(baseURL!, "198.51.100.1, 203.0.113.1")).toBe(200);
});
