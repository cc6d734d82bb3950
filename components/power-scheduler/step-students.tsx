"use client";

import { Button } from "@/components/ui/button";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import { ChoiceCards } from "./choice-cards";
import { SomeStudents } from "./some-students";
import { firstMeetingDate } from "./step-dates";
import { StepButtons } from "./stepper";
import type { SchedulerAction, SchedulerState } from "./use-scheduler-state";

/** Step 1: All Students, or Some Students picked from a searchable table, by grade or by cluster. */
export function StepStudents({
  state,
  dispatch,
  options,
}: {
  state: SchedulerState;
  dispatch: (action: SchedulerAction) => void;
  options: PowerSchedulerOptions;
}) {
  const selected = state.studentIds;
  const setSelected = (ids: Set<number>) => dispatch({ type: "set", patch: { studentIds: ids } });
  const ready = state.studentType === "all" || (state.studentType === "some" && selected.size > 0);

  return (
    <div className="flex flex-col gap-4">
      <ChoiceCards
        legend="Student group"
        value={state.studentType}
        onChange={(studentType) => dispatch({ type: "set", patch: { studentType } })}
        options={[
          {
            value: "all",
            label: "All Students",
            description: "Every student, including students added later.",
          },
          {
            value: "some",
            label: "Some Students",
            description: "Pick students, or whole grades and clusters.",
          },
        ]}
      />
      {state.studentType === "some" && (
        <SomeStudents options={options} selected={state.studentIds} setSelected={setSelected} />
      )}
      <StepButtons>
        <Button
          disabled={!ready}
          onClick={() => {
            // The date step starts on the first day from the school's today on which a flex block meets.
            if (!state.from) {
              const first = firstMeetingDate(options);
              dispatch({ type: "set", patch: { from: first, to: first } });
            }
            dispatch({ type: "next" });
          }}
        >
          Next
        </Button>
      </StepButtons>
    </div>
  );
}
