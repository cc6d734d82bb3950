import type { DryRunResult } from "@/lib/imports/present";
import type { CsvPreview } from "@/lib/imports/wizard";

/** The CSV wizard's shared shapes (its steps import them from here, not from the wizard). */

export interface ChosenFile {
  file: File;
  preview: CsvPreview;
}

/** A file's dry run: its summary, or why the server refused the whole file. */
export type DryRun = { name: string; result: DryRunResult | null; problem: string | null };
