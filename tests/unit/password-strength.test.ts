/** @jest-environment node */
import { estimateStrength } from "@/lib/auth/strength";

// zxcvbn's estimate as the password change uses it: a score, and the reason a weak one is weak.

describe("password strength", () => {
  it("a top password scores 0 with a reason a person can act on", () => {
    const weak = estimateStrength("password1", []);
    expect(weak.score).toBe(0);
    expect(weak.reason).toEqual(expect.any(String));
    expect(weak.reason).not.toBe("");
  });

  it("the account's own words count against it", () => {
    expect(estimateStrength("cedarridgemaya", ["cedarridge", "maya"]).score).toBeLessThan(estimateStrength("cedarridgemaya", []).score);
  });

  it("a long random passphrase scores 4 with nothing to say", () => {
    expect(estimateStrength("violet-kayak-77-murmur-quartz", [])).toEqual({ score: 4, reason: null });
  });
});
