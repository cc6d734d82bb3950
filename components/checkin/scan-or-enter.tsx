"use client";

import { forwardRef, useEffect, useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { PendingChip } from "@/lib/storage.client";
import { Panel } from "./panel";
import { PendingChipList, PendingChipTools } from "./pending-chips";
import { useEntryText } from "./use-entry-text";

export interface ScanOrEnterProps {
  chips: readonly PendingChip[];
  /** Adds finished entries. */
  onAdd: (values: string[]) => void;
  onRemove: (chip: PendingChip) => void;
  onRemoveAll: () => void;
  onCopy: () => void;
  onDownload: () => void;
  /** Submits the chips plus whatever is still typed in the box. */
  onSubmit: (typed: string[]) => void;
  submitting: boolean;
  /** Why Check In cannot be used now (no Focus Block on the date), or null. */
  blockedReason: string | null;
  /** Said next to Check In when the date is not today ("For Fri Nov 20, 2026 (not today)"). */
  dateNote?: string | null;
  /** Grows by one per added scan: the box flashes. */
  flash?: number;
  /** The device's scan-sound preference. */
  sound?: boolean;
  onSoundChange?: (on: boolean) => void;
}

/** A short green flash on each added scan (Web Animations: no stylesheet change, nothing for the CSP). */
function useScanFlash(flash: number) {
  const flashRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (flash === 0) return;
    flashRef.current?.animate?.(
      [{ boxShadow: "0 0 0 4px rgb(34 197 94 / 0.55)", backgroundColor: "rgb(240 253 244)" }, { boxShadow: "0 0 0 0 transparent" }],
      { duration: 450, easing: "ease-out" },
    );
  }, [flash]);
  return flashRef;
}

/**
 * 'Scan or Enter': a box that turns typed, scanned and pasted numbers into chips. Enter, comma and
 * space finish an entry; a paste is split on commas, spaces and new lines. The box stays usable while
 * a check-in is being sent, so a queue of students never waits.
 */
// eslint-disable-next-line max-lines-per-function -- one box: typing, scanning and pasting each turn numbers into chips
export const ScanOrEnter = forwardRef<HTMLInputElement, ScanOrEnterProps>(function ScanOrEnter(
  {
    chips,
    onAdd,
    onRemove,
    onRemoveAll,
    onCopy,
    onDownload,
    onSubmit,
    submitting,
    blockedReason,
    dateNote = null,
    flash = 0,
    sound = false,
    onSoundChange,
  },
  inputRef,
) {
  const { text, submit, onKeyDown, onChange, onPaste } = useEntryText(onAdd, onSubmit);
  const flashRef = useScanFlash(flash);
  const inputId = useId();
  const hintId = useId();
  const hasChips = chips.length > 0;

  const canSubmit = (hasChips || text.trim() !== "") && !blockedReason;
  return (
    <Panel
      className="lg:sticky lg:top-6"
      title="Scan or Enter"
      count={chips.length}
      countLabel="student numbers waiting"
      actions={
        <PendingChipTools
          hasChips={hasChips}
          sound={sound}
          onSoundChange={onSoundChange}
          onCopy={onCopy}
          onDownload={onDownload}
          onRemoveAll={onRemoveAll}
        />
      }
    >
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        Student numbers
      </label>
      <div ref={flashRef} data-testid="scan-flash" data-flash={flash} className="mt-1.5 flex gap-2 rounded-md">
        <input
          ref={inputRef}
          id={inputId}
          value={text}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder="Enter Student Numbers"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="enter"
          aria-describedby={hintId}
          autoFocus
          className={cn(
            "block h-11 w-full min-w-0 rounded-md border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm",
            "placeholder:text-slate-500 focus:outline-2 focus:-outline-offset-1 focus:outline-indigo-600",
          )}
        />
        <Button size="lg" onClick={submit} disabled={!canSubmit} loading={submitting}>
          Check In
        </Button>
      </div>
      {dateNote && (
        <p data-testid="not-today" className="mt-1.5 text-sm font-medium text-amber-800">
          {dateNote}
        </p>
      )}
      <p id={hintId} className="mt-1.5 text-xs text-slate-600">
        {blockedReason ??
          (hasChips
            ? "Ensure all students have entered their Student Numbers, then press 'Check In'."
            : "Scan a card or type a number, then press Enter. Paste a list to add many at once.")}
      </p>

      {hasChips && <PendingChipList chips={chips} onRemove={onRemove} />}
    </Panel>
  );
});
