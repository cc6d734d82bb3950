import type { ChangeEvent } from "react";

/** A CSV file of student numbers: the file input, how many numbers it holds, or why it cannot be used. */
export function CsvNumbersField({
  id,
  fileName,
  found,
  error,
  onFile,
}: {
  id: string;
  fileName: string | undefined;
  found: number;
  error: string | undefined;
  onFile: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        CSV file of student numbers
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={onFile}
        aria-describedby={error !== undefined ? `${id}-error` : undefined}
        className="text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-indigo-700"
      />
      <p className="text-xs text-slate-600">
        {fileName
          ? `${fileName}: ${found === 1 ? "1 student number" : `${found} student numbers`}.`
          : "Any column of student numbers; a header row is skipped."}
      </p>
      {error !== undefined && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
