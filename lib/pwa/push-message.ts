import { sameOriginPath } from "@/lib/auth/redirect";

/**
 * What a push message carries (lib/reach/push.server.ts pushPayload) and what the service worker makes
 * of it. Pure, so the rules are tested without a browser: anything unreadable still shows a notification
 * (a push that shows nothing costs the site its push permission in Chrome), and a tap opens only a page
 * of this site.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of this site ("/profile?date=2026-12-08"). */
  url: string;
}

export const PUSH_ICON = "/icons/icon-192.png";
const FALLBACK_TITLE = "Flexblock";

const text = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");

/** The message in a push's text (JSON), or a plain notification when it cannot be read. */
export function readPushMessage(raw: string | null | undefined, origin: string): PushMessage {
  let data: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") data = parsed as Record<string, unknown>;
  } catch {
    data = { body: raw };
  }
  return {
    title: text(data.title, 200) || FALLBACK_TITLE,
    body: text(data.body, 500),
    url: openablePath(data.url, origin),
  };
}

/** The page a tap opens: a path of this site, else the home page (never another origin). */
export function openablePath(url: unknown, origin: string): string {
  return (typeof url === "string" && sameOriginPath(url, origin)) || "/";
}
