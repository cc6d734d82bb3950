"use client";

import { useCallback, useMemo, useSyncExternalStore } from "react";
import {
  removeStored,
  setStored,
  STORAGE_EVENT,
  STORAGE_KEYS,
  type StorageKey,
  type StoredValues,
} from "./storage.client";

function subscribe(key: StorageKey, onChange: () => void) {
  const local = (event: Event) => {
    if ((event as CustomEvent<StorageKey>).detail === key) onChange();
  };
  const other = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS[key]) onChange();
  };
  window.addEventListener(STORAGE_EVENT, local);
  window.addEventListener("storage", other);
  return () => {
    window.removeEventListener(STORAGE_EVENT, local);
    window.removeEventListener("storage", other);
  };
}

/**
 * A device-stored value as React state, kept in sync across components and tabs.
 * `fallback` is used while nothing is stored (and during server rendering).
 * Setting `null` removes the value.
 */
export function useStoredState<K extends StorageKey>(
  key: K,
  fallback: StoredValues[K],
): [StoredValues[K], (value: StoredValues[K] | null) => void] {
  // Cache the raw string so useSyncExternalStore gets a stable snapshot.
  const raw = useSyncExternalStore(
    (onChange) => subscribe(key, onChange),
    () => window.localStorage.getItem(STORAGE_KEYS[key]),
    () => null,
  );
  const value = useMemo(() => {
    if (raw == null) return fallback;
    try {
      return JSON.parse(raw) as StoredValues[K];
    } catch {
      return fallback;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the fallback only matters while nothing is stored
  }, [raw]);
  const set = useCallback(
    (next: StoredValues[K] | null) => (next === null ? removeStored(key) : setStored(key, next)),
    [key],
  );
  return [value, set];
}
