"use client";

import { useState } from "react";
import { useSWRConfig } from "swr";
import { Button } from "@/components/ui/button";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { ApiClientError } from "@/lib/api/client";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";
import type { DryRunRow, UploadAccepted } from "@/lib/imports/present";
import type { ChosenFile, DryRun } from "./wizard-types";
import { UPLOAD_FAILED, sendCsv } from "./upload-form";

const n = (value: number) => value.toLocaleString("en-US");
/** How many rows of each list the summary shows (the report lists every row). */
const SHOWN = 20;

function RowList({ title, rows, total }: { title: string; rows: DryRunRow[]; total: number }) {
  if (total === 0) return null;
  return (
    <details className="mt-2 text-sm" open={title === "Errors" || title === "Conflicts to review"}>
      <summary className="cursor-pointer font-medium text-slate-800">
        {title} ({n(total)})
      </summary>
      <ul className="mt-1 flex flex-col gap-0.5 pl-4 text-slate-700">
        {rows.slice(0, SHOWN).map((row) => (
          <li key={row.row}>
            Row {row.row}
            {row.name ? ` (${row.name})` : ""}: {row.reason}
          </li>
        ))}
        {total > SHOWN && <li>…and {n(total - SHOWN)} more</li>}
      </ul>
    </details>
  );
}

function Summary({ run }: { run: DryRun }) {
  const result = run.result;
  return (
    <li className="rounded-lg border border-slate-200 p-4" data-testid="dry-run">
      <h3 className="font-medium text-slate-900">{run.name}</h3>
      {result ? (
        <>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
            {(
              [
                ["New", result.created],
                ["Would update", result.updated],
                ["Unchanged", result.unchanged],
                ["Errors", result.skipped],
                // Rows giving an existing student number another name (issue 23): shown when there are some.
                ...(result.conflict ? ([["Conflicts", result.conflict]] as const) : []),
              ] as const
            ).map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900 tabular-nums">{n(value)}</dd>
              </div>
            ))}
          </dl>
          <RowList title="Errors" rows={result.errors} total={result.skipped} />
          <RowList title="Conflicts to review" rows={result.conflicts} total={result.conflict} />
          <RowList title="Would update" rows={result.updates} total={result.updated} />
          <RowList title="Unchanged" rows={result.existing} total={result.unchanged} />
        </>
      ) : (
        <p role="alert" className="mt-1 text-sm text-red-700">
          {run.problem}
        </p>
      )}
    </li>
  );
}

/**
 * Step 3: the dry run of each file (new, would update, unchanged, errors with row numbers), then the
 * confirmation with the caller's password, then one upload per file.
 */
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
  const { mutate } = useSWRConfig();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refused = dryRuns.filter((run) => !run.result);
  const importable = dryRuns.reduce(
    (sum, run) => sum + (run.result ? run.result.created + run.result.updated : 0),
    0,
  );
  const unchanged = dryRuns.reduce((sum, run) => sum + (run.result?.unchanged ?? 0), 0);
  const what = kind === "students" ? "student" : "staff";

  async function upload(password: string) {
    setFailure(null);
    const batch = crypto.randomUUID();
    const uploads: UploadAccepted[] = [];
    try {
      for (const chosen of files) {
        const headerRow = headerRowOf(chosen);
        uploads.push(
          await sendCsv<UploadAccepted>(kind, chosen.file, {
            order,
            headerRow,
            updateExisting,
            password,
            batch,
          }),
        );
      }
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 401) throw error; // wrong password: the dialog says so
      setConfirming(false);
      const reason =
        error instanceof ApiClientError && error.status >= 400 && error.status < 500
          ? ` ${error.message}`
          : "";
      if (uploads.length === 0) {
        setFailure(`${UPLOAD_FAILED}${reason}`);
        throw error;
      }
      // Some files went: the wizard moves on to their progress, and says there which did not.
      const sent = uploads.map((u) => u.filename);
      const left = files.slice(uploads.length).map((f) => f.file.name);
      onUploaded(
        uploads,
        `${UPLOAD_FAILED}${reason} ${sent.join(", ")} ${sent.length === 1 ? "was" : "were"} uploaded. Upload ${left.join(", ")} again.`,
      );
      throw error;
    }
    void mutate("/api/imports");
    onUploaded(uploads);
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Nothing has been written yet. This is what uploading would do
        {updateExisting ? ", updating rows that match" : ""}:
      </p>
      <ul aria-label="Dry run" className="flex flex-col gap-3">
        {dryRuns.map((run) => (
          <Summary key={run.name} run={run} />
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
