/** @jest-environment node */
import { clientAddress, parseCidr, throttleNetwork, UNKNOWN_ADDRESS } from "@/lib/api/client-address";

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

  it("ignores garbage in the chain", async () => {
    await withTrusted("loopback", () => {
      expect(clientAddress(request({ [PEER]: "127.0.0.1", "x-forwarded-for": "not-an-ip, 192.0.2.8" }))).toBe(
        "192.0.2.8",
      );
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
