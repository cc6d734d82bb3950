"use client";

import { CircleCheck } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { StudentNames } from "@/lib/scheduler/preview-text";
import type { PowerScheduleResult } from "@/lib/scheduler/service.server";
import { PreviewPanel } from "./preview-panel";
import { StepButtons } from "./stepper";

/** Step 4: the schedule change has been processed, with what it did; Create Another starts over. */
export function StepDone({
  result,
  names,
  onReset,
}: {
  result: PowerScheduleResult | null;
  names: StudentNames;
  onReset: () => void;
}) {
  return (
    <div className="flex flex-col gap-3">
      <p role="status" className="flex items-center gap-2 text-sm font-medium text-emerald-800">
        <CircleCheck aria-hidden className="size-5 text-emerald-600" />
        The schedule change has been processed.
      </p>
      {result && <PreviewPanel preview={result} names={names} done />}
      <StepButtons>
        <Button onClick={onReset}>Create Another</Button>
      </StepButtons>
    </div>
  );
}
