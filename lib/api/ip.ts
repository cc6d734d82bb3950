import { z } from "zod";

/**
 * IP addresses and CIDR ranges as plain text rules (no node:net), so that the Settings screen checks a
 * "school networks" list with exactly the rules the server applies (lib/settings/schemas.ts runs in both).
 * lib/api/client-address.ts reads the socket's address and its proxies with these too.
 */

export interface Cidr {
  family: 4 | 6;
  bits: bigint;
  prefix: number;
}

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function ipv4Bits(text: string): bigint | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => IPV4_PART.test(part))) return null;
  return parts.reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

/** 8 groups of 16 bits; one "::" stands for one or more zero groups; the last 32 bits may be written as IPv4. */
function ipv6Bits(text: string): bigint | null {
  if (!/^[0-9a-f:.]+$/i.test(text) || text.split("::").length > 2) return null;
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const side = (part: string | undefined): number[] | null => {
    if (!part) return [];
    const groups = part.split(":");
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i]!;
      if (group.includes(".")) {
        // Only the very last group may be an IPv4 address.
        const v4 = i === groups.length - 1 ? ipv4Bits(group) : null;
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
        out.push(parseInt(group, 16));
      }
    }
    return out;
  };
  const left = side(head);
  const right = side(tail);
  if (!left || !right) return null;
  // An IPv4 tail ends the address: none before a "::".
  if (tail !== undefined && head?.includes(".")) return null;
  let groups: number[];
  if (tail === undefined) {
    if (left.length !== 8) return null;
    groups = left;
  } else {
    if (left.length + right.length > 7) return null;
    groups = [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  }
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(group), 0n);
}

/** 4, 6, or 0 when the text is not an IP address (like node's isIP; an IPv6 zone such as "%eth0" is dropped). */
export function ipFamily(text: string): 0 | 4 | 6 {
  if (ipv4Bits(text) !== null) return 4;
  return ipv6Bits(text.replace(/%[\w.-]+$/, "")) !== null ? 6 : 0;
}

/** The address as a number (32 or 128 bits); the family must be known to be right. */
export function ipBits(address: string, family: 4 | 6): bigint {
  const bits = family === 4 ? ipv4Bits(address) : ipv6Bits(address.replace(/%[\w.-]+$/, ""));
  if (bits === null) throw new Error(`not an IPv${family} address: ${address}`);
  return bits;
}

/** "10.0.0.0/8", "2001:db8::/32" or one address (a /32 or /128); null when it is not one. */
export function parseCidr(entry: string): Cidr | null {
  const [address = "", prefixText, extra] = entry.trim().toLowerCase().split("/");
  if (extra !== undefined) return null;
  const plain = address.startsWith("::ffff:") && ipFamily(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = ipFamily(plain);
  if (family === 0 || plain.includes("%")) return null;
  const width = family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? width : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width) return null;
  return { family, bits: ipBits(plain, family), prefix };
}

/** Whether an address (already known to be valid) lies in one of the ranges. */
export function inCidrs(address: string, list: readonly Cidr[]): boolean {
  if (list.length === 0) return false;
  const family = ipFamily(address);
  if (family === 0) return false;
  const bits = ipBits(address, family);
  const width = family === 4 ? 32 : 128;
  return list.some((cidr) => {
    if (cidr.family !== family) return false;
    const shift = BigInt(width - cidr.prefix);
    return bits >> shift === cidr.bits >> shift;
  });
}

/** The widest range a school network may be: wider than this is someone else's network too. */
export const WIDEST_SCHOOL_NETWORK = { 4: 8, 6: 16 } as const;
export const MAX_SCHOOL_NETWORKS = 50;

export const SCHOOL_NETWORK_MESSAGES = {
  notRange: (entry: string) =>
    `"${entry}" is not an address or CIDR range. Write ranges like 203.0.113.0/24 or 2001:db8:1200::/48, separated by commas.`,
  tooWide: (entry: string) =>
    `"${entry}" is too wide: a school network is at most a /8 (IPv4) or a /16 (IPv6).`,
  tooMany: `List at most ${MAX_SCHOOL_NETWORKS} ranges.`,
} as const;

/**
 * The "school networks" setting: CIDR ranges (IPv4 and IPv6) separated by commas, spaces or lines,
 * each checked; the stored text is the list in lower case joined by ", " (empty: none).
 */
export const schoolNetworksSchema = z
  .string()
  .transform((text) => text.split(/[\s,;]+/).filter(Boolean))
  .pipe(
    z
      .array(
        z.string().superRefine((entry, ctx) => {
          const cidr = parseCidr(entry);
          if (!cidr) ctx.addIssue({ code: "custom", message: SCHOOL_NETWORK_MESSAGES.notRange(entry) });
          else if (cidr.prefix < WIDEST_SCHOOL_NETWORK[cidr.family])
            ctx.addIssue({ code: "custom", message: SCHOOL_NETWORK_MESSAGES.tooWide(entry) });
        }),
      )
      .max(MAX_SCHOOL_NETWORKS, SCHOOL_NETWORK_MESSAGES.tooMany),
  )
  .transform((entries) => [...new Set(entries.map((entry) => entry.toLowerCase()))].join(", "));

/** The stored setting as ranges (anything unreadable is skipped: the setting was checked when saved). */
export function schoolNetworks(stored: string | null | undefined): Cidr[] {
  if (!stored) return [];
  return stored
    .split(/[\s,;]+/)
    .map((entry) => parseCidr(entry))
    .filter((cidr): cidr is Cidr => cidr !== null);
}
