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

import { hashInitialPasswords, newInitialPassword } from "@/lib/people/initial-password";

describe("hashInitialPasswords", () => {
  it("hashes one password at a time, in order, each verifiable", async () => {
    const passwords = Array.from({ length: 40 }, () => newInitialPassword());
    const hashes = await hashInitialPasswords(passwords);
    // All at once would put every hash on libuv's threads and starve the requests served meanwhile.
    expect(inFlight.most).toBe(1);
    expect(hashes).toHaveLength(40);
    expect(await verify(hashes[0]!, passwords[0]!)).toBe(true);
    expect(await verify(hashes[39]!, passwords[39]!)).toBe(true);
    expect(await verify(hashes[39]!, passwords[0]!)).toBe(false);
  });
});
