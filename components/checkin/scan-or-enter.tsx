"use client";

import { Copy, Download, Trash2, Volume2, VolumeX, X } from "lucide-react";
import { forwardRef, useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { hasSeparator, SEPARATOR_KEYS, splitEntries } from "@/lib/checkin/chips";
import { cn } from "@/lib/cn";
import type { PendingChip } from "@/lib/storage";
import { Panel } from "./panel";

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

/**
 * 'Scan or Enter': a box that turns typed, scanned and pasted numbers into chips. Enter, comma and
 * space finish an entry; a paste is split on commas, spaces and new lines. The box stays usable while
 * a check-in is being sent, so a queue of students never waits.
 */
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
  const [text, setText] = useState("");
  const flashRef = useRef<HTMLDivElement>(null);
  // A short green flash on each added scan (Web Animations: no stylesheet change, nothing for the CSP).
  useEffect(() => {
    if (flash === 0) return;
    flashRef.current?.animate?.(
      [{ boxShadow: "0 0 0 4px rgb(34 197 94 / 0.55)", backgroundColor: "rgb(240 253 244)" }, { boxShadow: "0 0 0 0 transparent" }],
      { duration: 450, easing: "ease-out" },
    );
  }, [flash]);
  const inputId = useId();
  const hintId = useId();
  const hasChips = chips.length > 0;

  function finish(value: string) {
    const values = splitEntries(value);
    if (values.length > 0) onAdd(values);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
      return;
    }
    if (SEPARATOR_KEYS.has(event.key)) {
      event.preventDefault();
      finish(text);
      setText("");
    }
  }

  // Mobile keyboards and some scanners deliver separators only through the value.
  function onChange(value: string) {
    if (!hasSeparator(value)) {
      setText(value);
      return;
    }
    const parts = value.split(/[\s,;]+/);
    const rest = parts.pop() ?? "";
    finish(parts.join(","));
    setText(rest);
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData("text");
    if (!pasted) return;
    event.preventDefault();
    const input = event.currentTarget;
    const before = text.slice(0, input.selectionStart ?? text.length);
    const after = text.slice(input.selectionEnd ?? text.length);
    finish(`${before}${pasted}${after}`);
    setText("");
  }

  function submit() {
    const typed = splitEntries(text);
    setText("");
    onSubmit(typed);
  }

  const canSubmit = (hasChips || text.trim() !== "") && !blockedReason;
  return (
    <Panel
      className="lg:sticky lg:top-6"
      title="Scan or Enter"
      count={chips.length}
      countLabel="student numbers waiting"
      actions={
        <>
          {onSoundChange && (
            <IconButton
              label={sound ? "Turn scan sound off" : "Turn scan sound on"}
              icon={sound ? <Volume2 className="size-4" /> : <VolumeX className="size-4" />}
              size="sm"
              aria-pressed={sound}
              onClick={() => onSoundChange(!sound)}
            />
          )}
          <IconButton
            label="Copy to clipboard"
            icon={<Copy className="size-4" />}
            size="sm"
            disabled={!hasChips}
            onClick={onCopy}
          />
          <IconButton
            label="Download as CSV"
            icon={<Download className="size-4" />}
            size="sm"
            disabled={!hasChips}
            onClick={onDownload}
          />
          <IconButton
            label="Remove all"
            icon={<Trash2 className="size-4" />}
            size="sm"
            disabled={!hasChips}
            onClick={onRemoveAll}
          />
        </>
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

      {hasChips && (
        <ul
          aria-label="Student numbers waiting to be checked in"
          className="mt-3 flex max-h-72 flex-wrap content-start gap-1.5 overflow-y-auto"
        >
          {[...chips].reverse().map((chip) => (
            <li
              key={`${chip.value}-${chip.timestamp}`}
              className="inline-flex h-8 items-center gap-1 rounded-full border border-slate-300 bg-slate-50 pr-1 pl-3 text-sm text-slate-900 tabular-nums"
            >
              {chip.value}
              <IconButton
                label={`Remove ${chip.value}`}
                icon={<X className="size-3.5" />}
                size="sm"
                noTooltip
                className="size-6 rounded-full"
                onClick={() => onRemove(chip)}
              />
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
});
