/** @jest-environment node */
import { isIP } from "node:net";
import { clientAddress, parseCidr, throttleNetwork, UNKNOWN_ADDRESS } from "@/lib/api/client-address";
import { inCidrs, ipFamily, schoolNetworks, schoolNetworksSchema } from "@/lib/api/ip";

/** The per-address sign-in throttle must see the socket's address, not one a client made up. */
const PEER = "x-test-peer";

function request(headers: Record<string, string>) {
  return new Request("http://localhost/api/login", { headers });
}

async function withTrusted(value: string | undefined, check: () => void) {
  jest.resetModules();
  const before = process.env.TRUSTED_PROXIES;
  if (value === undefined) delete process.env.TRUSTED_PROXIES;
  else process.env.TRUSTED_PROXIES = value;
  try {
    check();
  } finally {
    if (before === undefined) delete process.env.TRUSTED_PROXIES;
    else process.env.TRUSTED_PROXIES = before;
  }
}

beforeAll(() => {
  process.env.FLEXBLOCK_PEER_HEADER = PEER;
});

describe("clientAddress", () => {
  it("uses the socket's address and ignores a forwarded header from a client", async () => {
    await withTrusted(undefined, () => {
      expect(clientAddress(request({ [PEER]: "203.0.113.9", "x-forwarded-for": "10.1.1.1" }))).toBe("203.0.113.9");
      expect(clientAddress(request({ [PEER]: "::ffff:198.51.100.4" }))).toBe("198.51.100.4");
    });
  });

  it("believes X-Forwarded-For only from a trusted proxy, up to the first untrusted hop", async () => {
    await withTrusted("10.0.0.0/8, loopback", () => {
      const viaProxy = { [PEER]: "10.0.0.2", "x-forwarded-for": "1.2.3.4, 198.51.100.7, 10.0.0.9" };
      // 1.2.3.4 was written by the client itself; 198.51.100.7 is who reached our proxies.
      expect(clientAddress(request(viaProxy))).toBe("198.51.100.7");
      expect(clientAddress(request({ [PEER]: "127.0.0.1", "x-forwarded-for": "192.0.2.1" }))).toBe("192.0.2.1");
      expect(clientAddress(request({ [PEER]: "203.0.113.5", "x-forwarded-for": "192.0.2.1" }))).toBe("203.0.113.5");
    });
  });

  it("takes the nearest untrusted hop, past garbage further out", async () => {
    await withTrusted("loopback", () => {
      expect(clientAddress(request({ [PEER]: "127.0.0.1", "x-forwarded-for": "not-an-ip, 192.0.2.8" }))).toBe(
        "192.0.2.8",
      );
    });
  });

  it("drops a port a proxy wrote, and stops at a hop that is no address (a client's entries beyond it never count)", async () => {
    await withTrusted("10.0.0.0/8", () => {
      expect(clientAddress(request({ [PEER]: "10.0.0.2", "x-forwarded-for": "192.0.2.8:51234" }))).toBe("192.0.2.8");
      expect(clientAddress(request({ [PEER]: "10.0.0.2", "x-forwarded-for": "[2001:db8::7]:443" }))).toBe("2001:db8::7");
      // The client wrote "10.1.2.3" itself; the proxy's own entry cannot be read: the proxy is the caller.
      expect(clientAddress(request({ [PEER]: "10.0.0.2", "x-forwarded-for": "10.1.2.3, some-host:80" }))).toBe("10.0.0.2");
    });
  });

  it("calls every caller unknown when the server runs without the peer stamp", () => {
    const saved = process.env.FLEXBLOCK_PEER_HEADER;
    delete process.env.FLEXBLOCK_PEER_HEADER;
    try {
      expect(clientAddress(request({ "x-forwarded-for": "10.1.1.1", [PEER]: "10.2.2.2" }))).toBe(UNKNOWN_ADDRESS);
    } finally {
      process.env.FLEXBLOCK_PEER_HEADER = saved;
    }
  });
});

describe("parseCidr", () => {
  it("reads addresses and ranges of both families and refuses nonsense", () => {
    expect(parseCidr("10.0.0.0/8")).toMatchObject({ family: 4, prefix: 8 });
    expect(parseCidr("2001:db8::/32")).toMatchObject({ family: 6, prefix: 32 });
    expect(parseCidr("192.0.2.1")).toMatchObject({ family: 4, prefix: 32 });
    expect(parseCidr("10.0.0.0/33")).toBeNull();
    expect(parseCidr("example")).toBeNull();
  });
});

describe("throttleNetwork", () => {
  it("keeps IPv4 addresses and names an IPv6 address by its /64", () => {
    expect(throttleNetwork("203.0.113.9")).toBe("203.0.113.9");
    expect(throttleNetwork("2001:db8:7:8:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:7:8::/64");
    expect(throttleNetwork("2001:db8:7:8::1")).toBe("2001:db8:7:8::/64");
    expect(throttleNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(throttleNetwork("::1")).toBe("0:0:0:0::/64");
    expect(throttleNetwork(UNKNOWN_ADDRESS)).toBe(UNKNOWN_ADDRESS);
  });
});

describe("ipFamily (the Settings screen's rules, without node:net)", () => {
  it("agrees with node on addresses of both families and refuses look-alikes", () => {
    for (const [text, family] of [
      ["203.0.113.9", 4],
      ["0.0.0.0", 4],
      ["2001:db8::1", 6],
      ["::", 6],
      ["::1", 6],
      ["::ffff:192.0.2.1", 6],
      ["2001:db8:1:2:3:4:5:6", 6],
      ["fe80::1%eth0", 6],
      ["256.1.1.1", 0],
      ["01.2.3.4", 0],
      ["1.2.3", 0],
      ["2001:db8:::1", 0],
      ["1::2::3", 0],
      ["2001:db8:1:2:3:4:5:6:7", 0],
      ["12345::1", 0],
      ["1.2.3.4::", 0],
      ["", 0],
    ] as const) {
      expect({ text, family: ipFamily(text), node: isIP(text) }).toEqual({ text, family, node: family });
    }
  });
});

describe("school networks", () => {
  it("stores the ranges in lower case, joined by commas, and matches addresses of both families", () => {
    const parsed = schoolNetworksSchema.safeParse("203.0.113.0/24\n2001:DB8:1200::/48 ; 198.51.100.7 203.0.113.0/24");
    expect(parsed).toMatchObject({ success: true, data: "203.0.113.0/24, 2001:db8:1200::/48, 198.51.100.7" });
    const list = schoolNetworks(parsed.data);
    expect(inCidrs("203.0.113.250", list)).toBe(true);
    expect(inCidrs("203.0.114.1", list)).toBe(false);
    expect(inCidrs("2001:db8:1200:ff::9", list)).toBe(true);
    expect(inCidrs("2001:db8:1201::9", list)).toBe(false);
    expect(inCidrs("198.51.100.7", list)).toBe(true);
    expect(inCidrs("unknown", list)).toBe(false);
  });

  it("refuses what is not a range, a range wider than /8 or /16, and more than 50", () => {
    expect(schoolNetworksSchema.safeParse("10.0.0.0/33").error?.issues[0]?.message).toMatch(/is not an address or CIDR range/);
    expect(schoolNetworksSchema.safeParse("10.0.0.0/7").error?.issues[0]?.message).toMatch(/too wide/);
    expect(schoolNetworksSchema.safeParse("2001::/15").error?.issues[0]?.message).toMatch(/too wide/);
    const many = Array.from({ length: 51 }, (_, i) => `10.${i}.0.0/16`).join(",");
    expect(schoolNetworksSchema.safeParse(many).error?.issues[0]?.message).toBe("List at most 50 ranges.");
    expect(schoolNetworksSchema.safeParse("").data).toBe("");
  });
});
