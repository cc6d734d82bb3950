"use client";

import { FileUp } from "lucide-react";
import { useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { inputClasses } from "@/components/ui/text-field";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import { numbersFromCsv, parsePastedNumbers } from "@/lib/clusters/paste";
import type { ClusterPage } from "@/lib/clusters/present";

/**
 * Adding many students at once by student number (a class list is a column of numbers): pasted (separated by spaces, commas
 * or lines) or read from a CSV (the student_number column, else the first); POST /api/clusters/{id}/members
 * with student_numbers. An unknown number or an archived student adds nothing and is listed here.
 */
// eslint-disable-next-line max-lines-per-function -- one form: the pasted numbers, the CSV picker and the refused numbers
export function AddByNumbers({
  cluster,
  onAdded,
}: {
  cluster: ClusterPage;
  onAdded: (cluster: ClusterPage) => unknown;
}) {
  const textId = useId();
  const hintId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [problems, setProblems] = useState<string[]>([]);
  const numbers = useMemo(() => parsePastedNumbers(text), [text]);

  async function chooseFile(chosen: File | undefined) {
    if (!chosen) return;
    const read = numbersFromCsv(await chosen.text());
    if ("error" in read) setProblems([read.error]);
    else {
      setProblems([]);
      setText(read.numbers.join("\n"));
    }
    if (file.current) file.current.value = "";
  }

  const { run: send, busy } = useAction(
    async () => {
      const updated = await apiPost<ClusterPage>(`/api/clusters/${cluster.id}/members`, {
        student_numbers: numbers,
      });
      const added = updated.member_count - cluster.member_count;
      snackbar(added === 1 ? "Added 1 student." : `Added ${added} students.`, { tone: "success" });
      setText("");
      await onAdded(updated);
    },
    {
      // Unknown or archived numbers are listed under the box.
      handled: (failure) => {
        const listed = failure instanceof ApiClientError ? failure.errors.student_numbers : undefined;
        if (listed?.length) setProblems(listed);
        return Boolean(listed?.length);
      },
    },
  );

  async function add() {
    setProblems([]);
    await send();
  }

  return (
    <section
      aria-label="Add by student number"
      className="flex flex-col gap-2 border-t border-slate-100 pt-3"
    >
      <label htmlFor={textId} className="text-sm font-medium text-slate-800">
        Paste student numbers
      </label>
      <textarea
        id={textId}
        aria-describedby={hintId}
        aria-invalid={problems.length > 0 || undefined}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={cn(inputClasses(problems.length > 0), "font-mono")}
      />
      <p id={hintId} className="text-xs text-slate-600">
        Separated by spaces, commas or lines. A CSV gives its student_number column, or its first column.
      </p>
      {problems.length > 0 && (
        <ul role="alert" className="list-inside list-disc text-sm text-red-700">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          onChange={(e) => void chooseFile(e.target.files?.[0])}
        />
        <Button type="button" variant="secondary" onClick={() => file.current?.click()} disabled={busy}>
          <FileUp aria-hidden className="size-4" /> Choose a CSV
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={add}
          loading={busy}
          disabled={numbers.length === 0}
        >
          {numbers.length === 1 ? "Add 1 student number" : `Add ${numbers.length} student numbers`}
        </Button>
      </div>
    </section>
  );
}
