"use client";

import { useState } from "react";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError } from "@/lib/api/request.client";
import type { ColumnMapping, ImportKind } from "@/lib/imports/fields";
import type { DryRunResult } from "@/lib/imports/present";
import type { ChosenFile, DryRun } from "./wizard-types";
import { UPLOAD_FAILED, sendCsv } from "./upload-form";

/** The wizard's Next on step 2: a dry run of every chosen file (nothing is written), one after another. */
export function useDryRun(options: {
  kind: ImportKind;
  files: ChosenFile[];
  order: ColumnMapping;
  headerRowOf: (file: ChosenFile) => boolean;
  updateExisting: boolean;
  onChecked: (results: DryRun[]) => void;
}) {
  const { kind, files, order, headerRowOf, updateExisting, onChecked } = options;
  const [failure, setFailure] = useState<string | null>(null);

  const { run, busy } = useAction(
    async () => {
      setFailure(null);
      const results: DryRun[] = [];
      for (const chosen of files) {
        const { file } = chosen;
        try {
          const result = await sendCsv<DryRunResult>(kind, file, {
            order,
            headerRow: headerRowOf(chosen),
            updateExisting,
            dryRun: true,
          });
          results.push({ name: file.name, result, problem: null });
        } catch (error) {
          // The server refused the whole file (not CSV, too big, wrong header order): say why, per file.
          if (error instanceof ApiClientError && [413, 415, 422].includes(error.status)) {
            results.push({ name: file.name, result: null, problem: error.message });
          } else throw error;
        }
      }
      onChecked(results);
    },
    {
      // Any other failure is said on the step, in the wizard's words.
      handled: () => {
        setFailure(UPLOAD_FAILED);
        return true;
      },
    },
  );

  return { busy, failure, check: run };
}
