"use client";

import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextAreaField } from "@/components/ui/text-field";
import { apiPost, messageOf } from "@/lib/api/client";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options";
import type { PowerSchedulePreview } from "@/lib/scheduler/present";
import { capacityWarning, previewText, type StudentNames } from "@/lib/scheduler/preview-text";
import { MAX_MEMO } from "@/lib/scheduler/schemas";
import type { PowerScheduleResult } from "@/lib/scheduler/service";
import { ChoiceCards } from "./choice-cards";
import { PreviewPanel } from "./preview-panel";
import { StaffPicker } from "./staff-picker";
import { StepButtons } from "./stepper";
import { requestBody, type SchedulerAction, type SchedulerState } from "./use-scheduler-state";

const postPreview = ([path, body]: [string, string]) => apiPost<PowerSchedulePreview>(path, JSON.parse(body));

/**
 * Step 3: Appointment or Amendment; then sub-step A, one staff member, and sub-step B, the memo
 * ('Schedule change purpose'). The preview of what Submit will do sits above Submit, which stays
 * disabled without a staff member and a memo.
 */
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
  const { staff_id: _staff, memo: _memo, ...counted } = requestBody(state);
  const previewKey = state.scheduleType
    ? (["/api/power-scheduler/preview", JSON.stringify(counted)] as [string, string])
    : null;
  const [busy, setBusy] = useState(false);
  const preview = useSWR(previewKey, postPreview, { revalidateOnFocus: false, shouldRetryOnError: false });
  const tooMany = preview.data ? previewText(preview.data).tooMany : false;
  const chosenStaff = options.staff.find((s) => s.id === state.staffId);
  const ready = state.staffId !== null && state.memo.trim() !== "" && !tooMany && !preview.error;
  // Booking more students with the teacher than they take: said under the preview, and asked before Submit.
  const overCapacity = preview.data ? capacityWarning(preview.data, chosenStaff) : null;
  const [confirming, setConfirming] = useState(false);

  async function submit() {
    setBusy(true);
    try {
      const result = await apiPost<PowerScheduleResult>("/api/power-scheduler", requestBody(state));
      dispatch({ type: "done", result });
      onSubmitted();
    } catch (error) {
      dispatch({
        type: "failed",
        error: `The schedule change could not be processed. ${messageOf(error, "Please try again.")}`,
      });
    } finally {
      setBusy(false);
    }
  }

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
      {state.scheduleType && (
        <ol className="flex flex-col gap-4" aria-label="Details">
          <li aria-current={state.subStep === 0 ? "step" : undefined}>
            <h3 className="text-sm font-semibold text-slate-900">A. Staff member</h3>
            {state.subStep === 0 ? (
              <div className="mt-2 flex flex-col gap-3">
                <StaffPicker
                  staff={options.staff}
                  value={state.staffId}
                  onChange={(staffId) => dispatch({ type: "set", patch: { staffId } })}
                />
                <StepButtons>
                  <Button variant="secondary" onClick={() => dispatch({ type: "back" })}>
                    Back
                  </Button>
                  <Button
                    disabled={state.staffId === null}
                    onClick={() => dispatch({ type: "subStep", subStep: 1 })}
                  >
                    Next
                  </Button>
                </StepButtons>
              </div>
            ) : (
              <p className="mt-0.5 text-sm text-slate-600">
                {chosenStaff ? `${chosenStaff.name} (${chosenStaff.email})` : "None chosen"}
              </p>
            )}
          </li>
          <li aria-current={state.subStep === 1 ? "step" : undefined}>
            <h3 className="text-sm font-semibold text-slate-900">B. Memo</h3>
            {state.subStep === 1 && (
              <div className="mt-2 flex flex-col gap-3">
                <TextAreaField
                  label="Memo"
                  hideLabel
                  placeholder="Schedule change purpose"
                  value={state.memo}
                  maxLength={MAX_MEMO}
                  rows={3}
                  onChange={(e) => dispatch({ type: "set", patch: { memo: e.target.value } })}
                  hint={`${state.memo.length}/${MAX_MEMO}`}
                />
              </div>
            )}
          </li>
        </ol>
      )}
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
