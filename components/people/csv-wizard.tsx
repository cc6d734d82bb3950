"use client";

import { useRef, useState } from "react";
import { apiGet } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";
import type { RememberedMapping } from "@/lib/imports/mappings.server";
import type { UploadAccepted } from "@/lib/imports/present";
import { fitMapping, initialOrder, type CsvPreview } from "@/lib/imports/wizard";
import type { ChosenFile, DryRun } from "./wizard-types";
import { WizardFiles } from "./wizard-files";
import { WizardFields } from "./wizard-fields";
import { WizardUpload } from "./wizard-upload";
import { WizardProgress } from "./wizard-progress";

const STEPS = ["Choose files", "Order fields", "Upload"] as const;

/** The mapping remembered from the last upload of a file with this header row, or null. */
async function remembered(kind: ImportKind, preview: CsvPreview): Promise<ColumnMapping | null> {
  const query = new URLSearchParams({ kind, headers_key: preview.key });
  try {
    const found = await apiGet<RememberedMapping>(`/api/imports/mappings?${query}`);
    return found.mapping ? fitMapping(found.mapping, preview.columns) : null;
  } catch {
    return null; // Not remembered (or not reachable): the wizard's own guess stands.
  }
}

/**
 * The File Upload tab (spec §2): (1) choose up to 5 CSV files with the same column order, (2) match a
 * field — or Ignore — to each column beside a preview (starting from the mapping remembered for the
 * same header row, as an SIS exports the same columns each time), (3) see the dry run, confirm with the password and upload; it ends saying
 * a notification will arrive, and shows each file's progress meanwhile.
 */
// eslint-disable-next-line max-lines-per-function -- the wizard's steps switch in one place
export function CsvWizard({ kind, close }: { kind: ImportKind; close: () => void }) {
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [order, setOrder] = useState<ColumnMapping>(() => initialOrder(kind, undefined));
  /**
   * The first line names the columns: it is skipped, and its mapping remembered. Null: each file as its
   * first lines suggest (one file may have such a line and another not); once the administrator says,
   * every file.
   */
  const [headerRow, setHeaderRow] = useState<boolean | null>(null);
  const headerRowOf = (file: ChosenFile) => headerRow ?? file.preview.namedColumns;
  /** The mapping came from an earlier upload of the same header row. */
  const [recalled, setRecalled] = useState(false);
  const chosenRef = useRef<ChosenFile[]>([]);
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
            chosenRef.current = next;
            const preview = next[0]?.preview;
            setOrder(initialOrder(kind, preview));
            setHeaderRow(null);
            setRecalled(false);
            if (preview?.namedColumns) {
              void remembered(kind, preview).then((mapping) => {
                // Only if the same first file is still chosen.
                if (!mapping || chosenRef.current[0]?.preview !== preview) return;
                setOrder(mapping);
                setRecalled(true);
              });
            }
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
          headerRow={files[0] ? headerRowOf(files[0]) : false}
          headerRowOf={headerRowOf}
          onHeaderRow={setHeaderRow}
          recalled={recalled}
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
          headerRowOf={headerRowOf}
          updateExisting={updateExisting}
          dryRuns={dryRuns}
          onBack={() => setStep(1)}
          onUploaded={(uploads, failure) => setUploaded({ uploads, failure: failure ?? null })}
        />
      )}
    </div>
  );
}
