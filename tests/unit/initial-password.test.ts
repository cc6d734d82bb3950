/** @jest-environment node */
import { verify } from "@node-rs/argon2";

// Counts the hashes in flight: the real argon2 underneath, one call watched at a time.
const inFlight = { now: 0, most: 0 };
jest.mock("@node-rs/argon2", () => {
  const real = jest.requireActual<typeof import("@node-rs/argon2")>("@node-rs/argon2");
  return {
    ...real,
    hash: async (...args: Parameters<typeof real.hash>) => {
      inFlight.now++;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      try {
        return await real.hash(...args);
      } finally {
        inFlight.now--;
      }
    },
  };
});

import { newHashedInitialPasswords } from "@/lib/people/initial-password.server";

describe("newHashedInitialPasswords", () => {
  it("makes and hashes one password at a time, each different and verifiable", async () => {
    const made = await newHashedInitialPasswords(40);
    // All at once would put every hash on libuv's threads and starve the requests served meanwhile.
    expect(inFlight.most).toBe(1);
    expect(made).toHaveLength(40);
    expect(new Set(made.map((m) => m.password)).size).toBe(40);
    expect(made[0]!.password).toMatch(/^.{14}$/);
    expect(await verify(made[0]!.hash, made[0]!.password)).toBe(true);
    expect(await verify(made[39]!.hash, made[39]!.password)).toBe(true);
    expect(await verify(made[39]!.hash, made[0]!.password)).toBe(false);
  });
});
