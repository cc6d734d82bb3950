"use client";

import { useSchoolTime } from "@/components/audit/use-school-time";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { ERRORS_EMPTY, ERRORS_INTRO } from "@/lib/checkin/chips";
import { getStored, setStored } from "@/lib/storage.client";
import { useStoredState } from "@/lib/use-stored-state.client";

const NONE: never[] = [];

/**
 * 'Check-in Errors': the unresolved entries of past submissions, kept on this device, newest first, each
 * stamped in the school's time as every list writes it ("Nov 24, 2026, 1:23 PM"; older records, kept
 * without their instant, keep the text they were stored with).
 */
export function ErrorsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [records, setRecords] = useStoredState("checkInErrors", NONE);
  const when = useSchoolTime();
  const hasErrors = records.length > 0;

  function clearAll() {
    const saved = records;
    setRecords(null);
    onOpenChange(false);
    snackbar("Cleared check-in errors.", {
      action: {
        label: "Undo",
        // Keep anything recorded since the clear, after the restored records.
        onClick: () => setStored("checkInErrors", [...saved, ...(getStored("checkInErrors") ?? [])]),
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Check-in Errors"
      size="md"
      footer={
        <>
          {hasErrors && (
            <Button variant="secondary" onClick={clearAll}>
              Clear All
            </Button>
          )}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </>
      }
    >
      {hasErrors ? (
        <>
          <p className="text-sm text-slate-700">{ERRORS_INTRO}</p>
          <ul className="mt-4 space-y-3">
            {[...records].reverse().map((record, index) => (
              <li key={`${record.timestamp_string}-${index}`}>
                <p className="text-xs font-semibold text-slate-600">
                  {record.at ? when(record.at) : record.timestamp_string}
                </p>
                <p className="mt-0.5 font-mono text-sm break-words text-red-800">
                  {record.errors.join(", ")}
                </p>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="text-sm text-slate-700">{ERRORS_EMPTY}</p>
      )}
    </Dialog>
  );
}
