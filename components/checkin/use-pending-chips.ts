"use client";

import { useSyncExternalStore } from "react";
import { addChips, withoutChips } from "@/lib/checkin/chips";
import {
  getStored,
  removeStored,
  setStored,
  STORAGE_EVENT,
  STORAGE_KEYS,
  type PendingChip,
} from "@/lib/storage.client";

/**
 * The entered but unsubmitted student numbers, kept on the device until the server confirms them
 * (they survive a reload and a failed submit). Changes are applied to the latest list held here,
 * not to a render's copy, so a scanner's back-to-back numbers can never overwrite each other; the
 * copy in memory also keeps the list if device storage refuses the write.
 */
let memory: PendingChip[] | null = null;
let writing = false;
const listeners = new Set<() => void>();
const EMPTY: PendingChip[] = [];

function current(): PendingChip[] {
  memory ??= getStored("pendingChips") ?? EMPTY;
  return memory;
}

function update(change: (chips: PendingChip[]) => PendingChip[]): PendingChip[] {
  const next = change(current());
  memory = next;
  writing = true;
  try {
    if (next.length > 0) setStored("pendingChips", next);
    else removeStored("pendingChips");
  } finally {
    writing = false;
  }
  listeners.forEach((listener) => listener());
  return next;
}

function subscribe(listener: () => void) {
  // Someone else changed the stored list (sign-out clears it, another tab): re-read it.
  const external = (event: Event) => {
    const key = event instanceof CustomEvent ? event.detail : (event as StorageEvent).key;
    if (writing || (key !== "pendingChips" && key !== STORAGE_KEYS.pendingChips)) return;
    memory = null;
    listener();
  };
  listeners.add(listener);
  window.addEventListener(STORAGE_EVENT, external);
  window.addEventListener("storage", external);
  return () => {
    listeners.delete(listener);
    window.removeEventListener(STORAGE_EVENT, external);
    window.removeEventListener("storage", external);
  };
}

export const pendingChips = {
  /** The current list, including changes not rendered yet. */
  current,
  /** Adds entries stamped with now; returns how many did not fit under the limit. */
  add(values: readonly string[]): number {
    let overflow = 0;
    update((chips) => {
      const result = addChips(chips, values, new Date());
      overflow = result.overflow;
      return result.chips;
    });
    return overflow;
  },
  remove: (chip: PendingChip) => update((chips) => withoutChips(chips, [chip])),
  /** Empties the list and returns what it held (for Undo). */
  clear(): PendingChip[] {
    const before = current();
    update(() => EMPTY);
    return before;
  },
  /** Puts removed chips back, ahead of anything entered since (a value is kept once). */
  restore: (saved: readonly PendingChip[]) =>
    update((chips) => {
      const values = new Set(saved.map((chip) => chip.value));
      return [...saved, ...chips.filter((chip) => !values.has(chip.value))];
    }),
  /** Drops the chips the server has confirmed; chips entered while it worked stay. */
  confirm: (submitted: readonly PendingChip[]) => update((chips) => withoutChips(chips, submitted)),
};

/** The pending chips as React state. */
export function usePendingChips(): PendingChip[] {
  return useSyncExternalStore(subscribe, current, () => EMPTY);
}
