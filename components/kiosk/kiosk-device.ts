"use client";

import { NETWORK_ERROR_MESSAGE } from "@/lib/api/request.client";

/** Where the device keeps its kiosk token (never the user's session token). */
export const KIOSK_TOKEN_KEY = "flexblock.kioskToken";
/**
 * The answer stays up long enough to read, SHOW_MS at full strength, then fades for FADE_MS (a
 * student must be able to read it: at least 2.5 s, or until the next scan); the next scan takes it down at once, so no one
 * reads the student before them as their own. The field is empty and focused the moment Enter is
 * pressed, so the next student never waits for it.
 */
export const SHOW_MS = 2500;
export const FADE_MS = 250;

export interface KioskInfo {
  kiosk: { id: number; label: string };
  teacher: { name: string };
  today: { block: { label: string; start: string; end: string }; opens: string; closes: string } | null;
}
export type KioskResult =
  /** name and initials are null for a student not expected with this teacher today (the kiosk names only those). */
  | { tone: "ok"; name: string | null; initials: string | null; message: string; key: number }
  | { tone: "bad"; message: string; key: number };

/** Calls a kiosk route with `Authorization: Kiosk <token>`; never the user's session. */
export async function kioskRequest<T>(token: string, method: "GET" | "POST", path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Kiosk ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { status: 0, data: { message: NETWORK_ERROR_MESSAGE } as unknown as T & { message?: string; code?: string } };
  }
  const data = (await response.json().catch(() => ({}))) as T & { message?: string; code?: string };
  return { status: response.status, data };
}

/** The token from a one-time setup link (`/kiosk#setup=…`), removed from the address bar at once. */
export function tokenFromSetupLink(): string | null {
  const match = /^#setup=(kiosk_[A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, "", window.location.pathname);
  return match[1]!;
}

export function readStoredToken(): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(KIOSK_TOKEN_KEY);
  } catch {
    return null;
  }
}

