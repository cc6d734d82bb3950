"use client";

import { useState } from "react";
import { cn } from "@/lib/cn";
import type { ImportField, ImportKind } from "@/lib/imports/fields";
import type { DryRunResult, UploadAccepted } from "@/lib/imports/present";
import { initialOrder, type CsvPreview } from "@/lib/imports/wizard";
import { WizardFiles } from "./wizard-files";
import { WizardFields } from "./wizard-fields";
import { WizardUpload } from "./wizard-upload";
import { WizardProgress } from "./wizard-progress";

export interface ChosenFile {
  file: File;
  preview: CsvPreview;
}

/** A file's dry run: its summary, or why the server refused the whole file. */
export type DryRun = { name: string; result: DryRunResult | null; problem: string | null };

const STEPS = ["Choose files", "Order fields", "Upload"] as const;

/**
 * The File Upload tab (spec §2): (1) choose up to 5 CSV files with the same column order, (2) order the
 * fields to match the columns beside a preview, (3) see the dry run, confirm with the password and
 * upload; it ends saying a notification will arrive, and shows each file's progress meanwhile.
 */
export function CsvWizard({ kind, close }: { kind: ImportKind; close: () => void }) {
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [order, setOrder] = useState<ImportField[]>(() => initialOrder(kind, undefined));
  const [updateExisting, setUpdateExisting] = useState(false);
  const [dryRuns, setDryRuns] = useState<DryRun[]>([]);
  /** The files uploaded, and why the rest were not (an upload that failed part-way). */
  const [uploaded, setUploaded] = useState<{ uploads: UploadAccepted[]; failure: string | null } | null>(
    null,
  );

  return (
    <div className="flex flex-col gap-5">
      <ol aria-label="Steps" className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {STEPS.map((label, index) => (
          <li
            key={label}
            aria-current={index === step ? "step" : undefined}
            className={cn(
              "flex items-center gap-2",
              index === step ? "font-semibold text-indigo-700" : "text-slate-600",
            )}
          >
            <span
              aria-hidden
              className={cn(
                "flex size-6 items-center justify-center rounded-full text-xs",
                index < step || uploaded
                  ? "bg-indigo-600 text-white"
                  : index === step
                    ? "bg-indigo-100 text-indigo-800"
                    : "bg-slate-100",
              )}
            >
              {index + 1}
            </span>
            {label}
          </li>
        ))}
      </ol>

      {uploaded ? (
        <WizardProgress uploads={uploaded.uploads} failure={uploaded.failure} close={close} />
      ) : step === 0 ? (
        <WizardFiles
          kind={kind}
          files={files}
          onChange={(next) => {
            setFiles(next);
            setOrder(initialOrder(kind, next[0]?.preview));
          }}
          onNext={() => setStep(1)}
          onCancel={close}
        />
      ) : step === 1 ? (
        <WizardFields
          kind={kind}
          files={files}
          order={order}
          onOrder={setOrder}
          updateExisting={updateExisting}
          onUpdateExisting={setUpdateExisting}
          onBack={() => setStep(0)}
          onChecked={(results) => {
            setDryRuns(results);
            setStep(2);
          }}
        />
      ) : (
        <WizardUpload
          kind={kind}
          files={files}
          order={order}
          updateExisting={updateExisting}
          dryRuns={dryRuns}
          onBack={() => setStep(1)}
          onUploaded={(uploads, failure) => setUploaded({ uploads, failure: failure ?? null })}
        />
      )}
    </div>
  );
}
