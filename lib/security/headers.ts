// Relative: next.config.ts loads this file too, outside the app's path aliases.
import { viaTrustedProxy } from "../api/client-address";

/**
 * The security headers every answer carries. Pages get a Content-Security-Policy with a fresh nonce
 * per request (proxy.ts); API answers get a policy that allows nothing, since they are never documents.
 */

/** Headers for every response, pages and API alike (next.config.ts applies them). */
export const COMMON_SECURITY_HEADERS: ReadonlyArray<{ key: string; value: string }> = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  // The camera stays available to our own pages (a future QR check-in); everything else is off.
  { key: "Permissions-Policy", value: "camera=(self), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
];

/** JSON and file answers are never rendered as documents. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Two years, as browsers' preload lists expect; sent only over https. */
export const STRICT_TRANSPORT_SECURITY = "max-age=63072000; includeSubDomains";

/**
 * The page policy: scripts only with this request's nonce (and what they load: 'strict-dynamic');
 * styles from our origin or inline (Radix positions popovers with style attributes, and React
 * renders `style` props into the server HTML), images from our origin, data: and blob: (logo
 * previews), connections to our own API only, and never framed.
 */
export function pageContentSecurityPolicy(nonce: string, development = false): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' blob: data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The check-in screen's service worker (/serwist/sw.js): 'strict-dynamic' would otherwise refuse it.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * True when the browser reached us over https, as a trusted proxy says (X-Forwarded-Proto from one of
 * TRUSTED_PROXIES, its own entry: the last). The app's server speaks plain http, and Next.js takes
 * request.url's scheme from X-Forwarded-Proto, so from anyone else neither the header nor the URL is believed:
 * a client cannot earn HSTS (or a Secure cookie) for an answer that travels in clear.
 */
export function isHttps(request: Request): boolean {
  if (!viaTrustedProxy(request)) return false;
  return request.headers.get("x-forwarded-proto")?.split(",").at(-1)?.trim().toLowerCase() === "https";
}
