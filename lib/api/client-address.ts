import { inCidrs, ipBits, ipFamily, parseCidr, type Cidr } from "./ip";

export { parseCidr };

/**
 * Who is on the other end of the socket, for the per-address sign-in throttle.
 *
 * Next.js hands route handlers a Web Request with no socket, and `next start` only fills in
 * X-Forwarded-For when the client did not send one, so a client could name any address it liked.
 * The app's server (scripts/server.mjs, in front of Next.js's request handler) stamps every
 * request with the socket's address under a header name that is random per deployment and never
 * leaves the process, overwriting anything a client sent. Forwarded headers are believed only when
 * that socket address is one of TRUSTED_PROXIES, and then only up to the first hop we do not trust.
 */

/** Set by scripts/server.mjs; absent when the app runs without it, e.g. `next start` (then every caller is "unknown"). */
export const PEER_HEADER_ENV = "FLEXBLOCK_PEER_HEADER";

export const UNKNOWN_ADDRESS = "unknown";

/** The socket's address as the app's server stamped it; null without the stamp. */
function peerOf(request: Request): string | null {
  const headerName = process.env[PEER_HEADER_ENV];
  return normalize(headerName ? request.headers.get(headerName) : null);
}

/**
 * Whether the request reached us from one of TRUSTED_PROXIES: only then is a forwarded header (the client's
 * address, the scheme it used) the proxy's word rather than the client's.
 */
export function viaTrustedProxy(request: Request): boolean {
  const peer = peerOf(request);
  return peer !== null && isTrusted(peer, trustedProxies());
}

export function clientAddress(request: Request): string {
  const peer = peerOf(request);
  if (!peer) return UNKNOWN_ADDRESS;
  const trusted = trustedProxies();
  if (!isTrusted(peer, trusted)) return peer;
  // The socket is a proxy we trust: walk its X-Forwarded-For chain from the nearest hop outwards. A hop
  // that is no address (after dropping a port) ends the walk at the last trusted one: skipping it would
  // let a client's own entries, further out, pass for the proxy's.
  const chain = (request.headers.get("x-forwarded-for") ?? "").split(",").map((hop) => normalize(withoutPort(hop)));
  let nearest = peer;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = chain[i];
    if (!hop) return nearest;
    if (!isTrusted(hop, trusted)) return hop;
    nearest = hop;
  }
  return nearest;
}

/** "10.0.0.5:51234" → "10.0.0.5", "[2001:db8::1]:443" → "2001:db8::1" (some proxies write the port). */
function withoutPort(hop: string): string {
  const value = hop.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) return bracketed[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  return v4 ? v4[1]! : value;
}

/**
 * What a throttle counts a caller by: an IPv4 address as it is, an IPv6 address by its /64
 * ("2001:db8:7:8::/64"). One IPv6 host (a home router, a phone, a server) is given a whole /64 and
 * can take a fresh address inside it for every request, so counting single IPv6 addresses would
 * let it walk past any per-address limit. Anything else ("unknown") is returned unchanged.
 */
export function throttleNetwork(address: string): string {
  if (ipFamily(address) !== 6) return address;
  const hex = (ipBits(address, 6) >> 64n).toString(16).padStart(16, "0");
  const groups = hex.match(/.{4}/g)!.map((group) => group.replace(/^0+(?=.)/, ""));
  return `${groups.join(":")}::/64`;
}

/** "::ffff:10.0.0.5" → "10.0.0.5"; anything that is not an IP address → null. */
function normalize(value: string | null | undefined): string | null {
  if (!value) return null;
  let address = value.trim().toLowerCase();
  if (address.startsWith("::ffff:") && ipFamily(address.slice(7)) === 4) address = address.slice(7);
  return ipFamily(address) ? address : null;
}

let cache: { source: string; list: Cidr[] } | undefined;

function trustedProxies(): Cidr[] {
  // Read each time (cached by value) rather than through env(), whose copy is taken once at start.
  const source = process.env.TRUSTED_PROXIES ?? "";
  if (cache?.source === source) return cache.list;
  const list = source
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean)
    .flatMap((entry) => {
      const cidr = parseCidr(entry === "loopback" ? "127.0.0.0/8" : entry);
      const extra = entry === "loopback" ? [parseCidr("::1/128")] : [];
      return [cidr, ...extra].filter((c): c is Cidr => c !== null);
    });
  cache = { source, list };
  return list;
}

const isTrusted = (address: string, list: Cidr[]) => inCidrs(address, list);
