"use client";

import { Button } from "@/components/ui/button";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";
import type { UploadAccepted } from "@/lib/imports/present";
import { DryRunSummary } from "./dry-run-summary";
import { useCsvUpload } from "./use-csv-upload";
import type { ChosenFile, DryRun } from "./wizard-types";

const n = (value: number) => value.toLocaleString("en-US");

/**
 * Step 3: the dry run of each file (new, would update, unchanged, errors with row numbers), then the
 * confirmation with the caller's password, then one upload per file.
 */
// eslint-disable-next-line max-lines-per-function -- the upload step's progress, refusals and summary are one step
export function WizardUpload({
  kind,
  files,
  order,
  headerRowOf,
  updateExisting,
  dryRuns,
  onBack,
  onUploaded,
}: {
  kind: ImportKind;
  files: ChosenFile[];
  order: ColumnMapping;
  headerRowOf: (file: ChosenFile) => boolean;
  updateExisting: boolean;
  dryRuns: DryRun[];
  onBack: () => void;
  /** Every file, or the first few and why the next one failed (the rest were not sent). */
  onUploaded: (uploads: UploadAccepted[], failure?: string) => void;
}) {
  const { confirming, setConfirming, failure, upload } = useCsvUpload({
    kind,
    files,
    order,
    headerRowOf,
    updateExisting,
    onUploaded,
  });
  const refused = dryRuns.filter((run) => !run.result);
  const importable = dryRuns.reduce(
    (sum, run) => sum + (run.result ? run.result.created + run.result.updated : 0),
    0,
  );
  const unchanged = dryRuns.reduce((sum, run) => sum + (run.result?.unchanged ?? 0), 0);
  const what = kind === "students" ? "student" : "staff";

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Nothing has been written yet. This is what uploading would do
        {updateExisting ? ", updating rows that match" : ""}:
      </p>
      <ul aria-label="Dry run" className="flex flex-col gap-3">
        {dryRuns.map((run) => (
          <DryRunSummary key={run.name} run={run} />
        ))}
      </ul>
      {refused.length > 0 && (
        <p className="text-sm text-red-700">
          Go back and remove or fix {refused.map((r) => r.name).join(", ")} to upload.
        </p>
      )}
      {refused.length === 0 && importable === 0 && (
        <p className="text-sm text-slate-700">
          {`Nothing to upload: every row already exists or has an error.${
            !updateExisting && unchanged > 0
              ? ` To change existing ${what === "student" ? "students" : "staff"}, go back and choose to update them.`
              : ""
          }`}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-red-700">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onBack}>
          Back
        </Button>
        <Button onClick={() => setConfirming(true)} disabled={refused.length > 0 || importable === 0}>
          Upload
        </Button>
      </div>
      <PasswordConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Create ${what} accounts`}
        description={`Upload ${files.length === 1 ? files[0]!.file.name : `${files.length} files`} and create or update ${n(importable)} ${what === "student" ? (importable === 1 ? "student" : "students") : "staff"}? Enter your password to confirm.`}
        confirmLabel="Upload"
        onConfirm={upload}
      />
    </div>
  );
}
