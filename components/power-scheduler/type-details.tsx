import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/text-field";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import { MAX_MEMO } from "@/lib/scheduler/schemas";
import { StaffPicker } from "./staff-picker";
import { StepButtons, useFocusOnChange } from "./stepper";
import type { SchedulerAction, SchedulerState } from "./use-scheduler-state";

/** Step 3's details: sub-step A, one staff member (then shown as chosen), and sub-step B, the memo. */
export function TypeDetails({
  state,
  dispatch,
  staff,
}: {
  state: SchedulerState;
  dispatch: (action: SchedulerAction) => void;
  staff: PowerSchedulerOptions["staff"];
}) {
  const chosenStaff = staff.find((s) => s.id === state.staffId);
  // Next and Back between the sub-steps: focus goes to the sub-step that opens.
  const staffHeading = useRef<HTMLHeadingElement>(null);
  const memoHeading = useRef<HTMLHeadingElement>(null);
  const subStepHeading = state.subStep === 0 ? staffHeading : memoHeading;
  useFocusOnChange(state.subStep, subStepHeading);
  return (
    <ol className="flex flex-col gap-4" aria-label="Details">
      <li aria-current={state.subStep === 0 ? "step" : undefined}>
        <h3 ref={staffHeading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
          A. Staff member
        </h3>
        {state.subStep === 0 ? (
          <div className="mt-2 flex flex-col gap-3">
            <StaffPicker
              staff={staff}
              value={state.staffId}
              onChange={(staffId) => dispatch({ type: "set", patch: { staffId } })}
            />
            <StepButtons>
              <Button variant="secondary" onClick={() => dispatch({ type: "back" })}>
                Back
              </Button>
              <Button disabled={state.staffId === null} onClick={() => dispatch({ type: "subStep", subStep: 1 })}>
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
        <h3 ref={memoHeading} tabIndex={-1} className="text-sm font-semibold text-slate-900 focus:outline-none">
          B. Memo
        </h3>
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
  );
}
