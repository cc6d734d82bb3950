/**
 * Everything Flexblock keeps on the device, named once. Values are JSON in localStorage.
 * Read and write only through these helpers (or `useStoredState` in lib/use-stored-state.client.ts).
 */

/** A username offered on the login screen (spec: "Remembered login user"). */
export interface RememberedUser {
  username: string;
  initials: string;
  color: string;
}

/** One submission's unresolved check-in entries (spec: "Stored check-in error record"). */
export interface CheckInErrorRecord {
  timestamp_string: string;
  errors: string[];
  /** The instant (ISO), which the Check-in Errors dialog writes as every list does ("Nov 24, 2026, 1:23 PM"); absent in older records. */
  at?: string;
}

/** A student number typed or scanned but not yet submitted. */
export interface PendingChip {
  value: string;
  timestamp: string;
}

/** The shape of each stored value. */
export interface StoredValues {
  token: string;
  rememberedUsers: RememberedUser[];
  menuOpen: boolean;
  checkInErrors: CheckInErrorRecord[];
  pendingChips: PendingChip[];
  /** The check-in date (YYYY-MM-DD) the pending chips were entered for. */
  pendingChipsDate: string;
  /** Play a short sound when a scanned number is added (this device only; off by default). */
  scanSound: boolean;
  /** The rows per page each table was last set to, by the table's name ("Students": 50). */
  tablePageSizes: Record<string, number>;
}

export type StorageKey = keyof StoredValues;

/** The localStorage key of each value. */
export const STORAGE_KEYS: Record<StorageKey, string> = {
  token: "flexblock.token",
  rememberedUsers: "flexblock.remembered-users",
  menuOpen: "flexblock.menu-open",
  checkInErrors: "flexblock.check-in-errors",
  pendingChips: "flexblock.check-in-chips",
  pendingChipsDate: "flexblock.check-in-chips-date",
  scanSound: "flexblock.check-in-scan-sound",
  tablePageSizes: "flexblock.table-page-sizes",
};

/** Fired on window whenever a value changes in this tab (the `storage` event covers other tabs). */
export const STORAGE_EVENT = "flexblock:storage";

function store(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (private mode, policy)
  }
}

/** The stored value, or null when absent or unreadable. */
export function getStored<K extends StorageKey>(key: K): StoredValues[K] | null {
  const raw = store()?.getItem(STORAGE_KEYS[key]);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as StoredValues[K];
  } catch {
    return null;
  }
}

export function setStored<K extends StorageKey>(key: K, value: StoredValues[K]): void {
  try {
    store()?.setItem(STORAGE_KEYS[key], JSON.stringify(value));
  } catch {
    // quota exceeded or storage disabled: the app still works for this page view
  }
  notify(key);
}

export function removeStored(key: StorageKey): void {
  store()?.removeItem(STORAGE_KEYS[key]);
  notify(key);
}

function notify(key: StorageKey) {
  if (typeof window !== "undefined") window.dispatchEvent(new CustomEvent(STORAGE_EVENT, { detail: key }));
}

/** Sign-out: forget everything personal. Only the remembered usernames (and the menu preference) stay. */
export function clearPersonalData(): void {
  removeStored("token");
  removeStored("checkInErrors");
  removeStored("pendingChips");
  removeStored("pendingChipsDate");
  // The service worker's copies of this user's answers (the offline check-in screen, lib/pwa/sw.client.ts).
  if (typeof caches !== "undefined") void caches.delete(API_CACHE).catch(() => undefined);
}

/** The service worker's cache of the few API answers the offline check-in screen needs. */
export const API_CACHE = "flexblock-api";

// Small helpers for the values most code needs.
export const getToken = () => getStored("token");

/** Adds or refreshes a remembered user (most recent first). */
export function rememberUser(user: RememberedUser): void {
  const others = (getStored("rememberedUsers") ?? []).filter(
    (u) => u.username.toLowerCase() !== user.username.toLowerCase(),
  );
  setStored("rememberedUsers", [user, ...others].slice(0, 8));
}

export function forgetUser(username: string): void {
  const users = getStored("rememberedUsers") ?? [];
  setStored(
    "rememberedUsers",
    users.filter((u) => u.username.toLowerCase() !== username.toLowerCase()),
  );
}
