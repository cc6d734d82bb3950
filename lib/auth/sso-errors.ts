/**
 * Why a provider step failed, for the server log (`sso.provider_error`). next-auth hands its logger an
 * Error, or an object carrying one (`{ error, providerId }`, `{ error, error_description }` for an error the
 * provider sent back); openid-client's message says what failed. Only the message is kept: its errors also
 * carry the ID token itself, which has no place in a log. Pure: lib/auth/sso.ts logs it.
 */

export type ProviderErrorReason =
  | "signature"
  | "audience"
  | "issuer"
  | "expiry"
  | "nonce"
  | "state"
  | "pkce"
  | "subject"
  | "provider"
  | "other";

/** Matched on the message's first clause ("aud mismatch", before ", expected …, got: …" and its values). */
const REASONS: [ProviderErrorReason, RegExp][] = [
  ["signature", /signature/i],
  ["audience", /\baud\b|\bazp\b|audience/i],
  ["issuer", /\biss\b|issuer/i],
  ["expiry", /expired|too far in the past|not active yet|\bnbf\b|\bexp\b|elapsed since/i],
  ["nonce", /nonce/i],
  ["state", /\bstate\b/i],
  ["pkce", /code_verifier|pkce/i],
  ["subject", /\bsub\b/i],
];

const MAX_DETAIL = 300;

const messageOf = (value: unknown): string | null =>
  value instanceof Error ? value.message : typeof value === "string" ? value : null;

const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim().slice(0, MAX_DETAIL);

export function providerErrorDetail(metadata: unknown): {
  reason: ProviderErrorReason;
  detail: string;
  provider?: string;
} {
  const carried = metadata && typeof metadata === "object" && !(metadata instanceof Error) ? (metadata as Record<string, unknown>) : null;
  const provider = typeof carried?.providerId === "string" ? carried.providerId.slice(0, 40) : undefined;
  const description = typeof carried?.error_description === "string" ? carried.error_description : null;
  const message = messageOf(carried ? carried.error : metadata) ?? messageOf(carried?.message) ?? "unknown";
  // An error the provider itself sent back (access_denied, login_required …), with its description.
  if (description !== null) {
    return { reason: "provider", detail: clean(`${message}: ${description}`), ...(provider && { provider }) };
  }
  const head = message.split(",")[0]!;
  const reason = REASONS.find(([, pattern]) => pattern.test(head))?.[0] ?? "other";
  return { reason, detail: clean(message), ...(provider && { provider }) };
}
