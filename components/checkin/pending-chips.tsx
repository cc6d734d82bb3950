import { Copy, Download, Trash2, Volume2, VolumeX, X } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import type { PendingChip } from "@/lib/storage.client";

/** The 'Scan or Enter' panel's buttons: scan sound, copy, download, remove all. */
export function PendingChipTools({
  hasChips,
  sound,
  onSoundChange,
  onCopy,
  onDownload,
  onRemoveAll,
}: {
  hasChips: boolean;
  sound: boolean;
  onSoundChange?: (on: boolean) => void;
  onCopy: () => void;
  onDownload: () => void;
  onRemoveAll: () => void;
}) {
  return (
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
  );
}

/** The numbers waiting to be checked in, newest first, each with its remove button. */
export function PendingChipList({
  chips,
  onRemove,
}: {
  chips: readonly PendingChip[];
  onRemove: (chip: PendingChip) => void;
}) {
  return (
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
  );
}
