"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import { capacityWarning, previewText, type StudentNames } from "@/lib/scheduler/preview-text";
import { ChoiceCards } from "./choice-cards";
import { PreviewPanel } from "./preview-panel";
import { StepButtons } from "./stepper";
import { TypeDetails } from "./type-details";
import { useSchedulePreview, useScheduleSubmit } from "./use-schedule-submit";
import type { SchedulerAction, SchedulerState } from "./use-scheduler-state";

/**
 * Step 3: Appointment or Amendment; then sub-step A, one staff member, and sub-step B, the memo
 * ('Schedule change purpose'). The preview of what Submit will do sits above Submit, which stays
 * disabled without a staff member and a memo.
 */
// eslint-disable-next-line max-lines-per-function -- the schedule types and their details are one step
export function StepType({
  state,
  dispatch,
  options,
  names,
  onSubmitted,
}: {
  state: SchedulerState;
  dispatch: (action: SchedulerAction) => void;
  options: PowerSchedulerOptions;
  names: StudentNames;
  onSubmitted: () => void;
}) {
  const preview = useSchedulePreview(state);
  const { busy, submit } = useScheduleSubmit(state, dispatch, onSubmitted);
  const tooMany = preview.data ? previewText(preview.data).tooMany : false;
  const chosenStaff = options.staff.find((s) => s.id === state.staffId);
  const ready = state.staffId !== null && state.memo.trim() !== "" && !tooMany && !preview.error;
  // Booking more students with the teacher than they take: said under the preview, and asked before Submit.
  const overCapacity = preview.data ? capacityWarning(preview.data, chosenStaff) : null;
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="flex flex-col gap-4">
      <ChoiceCards
        legend="Scheduling type"
        value={state.scheduleType}
        onChange={(scheduleType) => dispatch({ type: "set", patch: { scheduleType } })}
        options={[
          {
            value: "appointment",
            label: "Appointment",
            description: "Each student must come to the chosen staff member.",
          },
          {
            value: "amendment",
            label: "Amendment",
            description: "The block is amended (excused) for each student.",
          },
        ]}
      />
      {state.scheduleType && <TypeDetails state={state} dispatch={dispatch} staff={options.staff} />}
      {state.scheduleType && (
        <PreviewPanel
          preview={preview.data}
          error={preview.error}
          loading={preview.isLoading}
          names={names}
        />
      )}
      {overCapacity && (
        <p
          role="status"
          data-testid="power-scheduler-capacity"
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950 ring-1 ring-amber-200"
        >
          {overCapacity}
        </p>
      )}
      {state.error && (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {state.error}
        </p>
      )}
      {state.scheduleType && state.subStep === 1 && (
        <StepButtons>
          <Button variant="secondary" onClick={() => dispatch({ type: "subStep", subStep: 0 })}>
            Back
          </Button>
          <Button disabled={!ready} loading={busy} onClick={() => (overCapacity ? setConfirming(true) : void submit())}>
            Submit
          </Button>
        </StepButtons>
      )}
      {overCapacity && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Book past ${chosenStaff?.name ?? "the teacher"}'s capacity?`}
          description={overCapacity}
          confirmLabel="Book anyway"
          onConfirm={submit}
        />
      )}
      {!state.scheduleType && (
        <StepButtons>
          <Button variant="secondary" onClick={() => dispatch({ type: "back" })}>
            Back
          </Button>
        </StepButtons>
      )}
    </div>
  );
}
