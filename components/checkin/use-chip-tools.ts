"use client";

import { useSchoolTimestamp } from "@/components/audit/use-school-time";
import { snackbar } from "@/components/ui/snackbar";
import { chipsCsv, chipsCsvFileName } from "@/lib/checkin/chips";
import { pendingChips as pending } from "./use-pending-chips";

/** The pending numbers' tools: remove all (with Undo), copy to the clipboard, download as CSV. */
export function useChipTools(refocus: () => void) {
  // The download's timestamps in the school's time, as the server writes them, whatever this browser's zone.
  const stamp = useSchoolTimestamp();

  function removeAll() {
    const saved = pending.clear();
    snackbar("Removed all Student Numbers.", {
      action: {
        label: "Undo",
        onClick: () => {
          pending.restore(saved);
          refocus();
        },
      },
    });
    refocus();
  }

  async function copy() {
    const text = pending
      .current()
      .map((chip) => chip.value)
      .join(", ");
    try {
      await navigator.clipboard.writeText(text);
      snackbar("Copied Student Numbers to clipboard.");
    } catch {
      snackbar("Could not copy to the clipboard.", { tone: "error" });
    }
    refocus();
  }

  function download() {
    const now = new Date();
    const url = URL.createObjectURL(
      new Blob([chipsCsv(pending.current(), stamp)], { type: "text/csv;charset=utf-8" }),
    );
    const link = Object.assign(document.createElement("a"), { href: url, download: chipsCsvFileName(now) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    snackbar("Downloaded Student Numbers.");
    refocus();
  }

  function remove(chip: Parameters<typeof pending.remove>[0]) {
    pending.remove(chip);
    refocus();
  }

  return { removeAll, copy, download, remove };
}
