import { X } from "lucide-react";
import { IconButton } from "@/components/ui/icon-button";
import type { ChosenFile } from "./wizard-types";

const sizeOf = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : `${Math.ceil(bytes / 1024).toLocaleString("en-US")} KB`;

/** The chosen CSV files: name, size and columns, each with Remove. */
export function ChosenFiles({
  files,
  onChange,
}: {
  files: ChosenFile[];
  onChange: (files: ChosenFile[]) => void;
}) {
  return (
    <ul
      aria-label="Chosen files"
      className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200"
    >
      {files.map(({ file, preview }) => (
        <li key={file.name} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
          <span className="min-w-0">
            <span className="block truncate font-medium text-slate-900">{file.name}</span>
            <span className="text-xs text-slate-600">
              {sizeOf(file.size)} ·{" "}
              {preview.header || preview.namedColumns
                ? `first line names the ${preview.columns} columns`
                : `${preview.columns} columns`}
            </span>
          </span>
          <IconButton
            label={`Remove ${file.name}`}
            size="sm"
            icon={<X className="size-4" />}
            onClick={() => onChange(files.filter((f) => f.file !== file))}
          />
        </li>
      ))}
    </ul>
  );
}
