"use client";

import { useMemo } from "react";
import useSWR, { useSWRConfig } from "swr";
import { ListLoadError } from "@/components/people/list-parts";
import { PageHeader } from "@/components/ui/page-header";
import { Spinner } from "@/components/ui/spinner";
import { fromIsoDate } from "@/components/ui/date-picker";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import type { StudentNames } from "@/lib/scheduler/preview-text";
import { BatchesList } from "./batches-list";
import { StepDates } from "./step-dates";
import { StepDone } from "./step-done";
import { StepStudents } from "./step-students";
import { StepType } from "./step-type";
import { VerticalStepper } from "./stepper";
import { useSchedulerState } from "./use-scheduler-state";

/** Students' names by id ("Ann Ames"), for the preview's outcomes. */
function useStudentNames(options: PowerSchedulerOptions | undefined): StudentNames {
  return useMemo(() => {
    const byId = new Map((options?.students ?? []).map((s) => [s.id, `${s.first_name} ${s.last_name}`]));
    return (id: number) => byId.get(id);
  }, [options]);
}

const dateLabel = (iso: string) =>
  fromIsoDate(iso)!.toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric" });

/**
 * /power-scheduler: the spec's vertical stepper (Select Students, Select Date and Blocks, Select
 * scheduling type, Done) and, under it, the batches with Undo.
 */
// eslint-disable-next-line max-lines-per-function -- the stepper switches its steps in one place
export function PowerSchedulerScreen() {
  const options = useSWR<PowerSchedulerOptions>("/api/power-scheduler/options");
  const [state, dispatch] = useSchedulerState();
  const { mutate } = useSWRConfig();
  const data = options.data;

  const blockNames = data?.blocks
    .filter((b) => !state.blockIds || state.blockIds.includes(b.id))
    .map((b) => b.label);
  const staff = data?.staff.find((s) => s.id === state.staffId);
  const names = useStudentNames(data);

  return (
    <div>
      <PageHeader
        title="Power Scheduler"
        description="Book appointments or amend blocks for many students at once."
      />
      <div className="flex flex-col gap-8">
        {options.error && !data ? (
          <ListLoadError error={options.error} what="Power Scheduler" onRetry={() => void options.mutate()} />
        ) : !data ? (
          <Spinner label="Loading" className="flex justify-center py-10 text-indigo-600" />
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            {state.handedOver && state.step === 0 ? (
              <p role="status" className="mb-4 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-950 ring-1 ring-indigo-200">
                {state.handedOver.toLocaleString("en-US")} unscheduled {state.handedOver === 1 ? "student is" : "students are"}{" "}
                selected{state.from ? ` for ${dateLabel(state.from)}` : ""}. Check them, then choose Next.
              </p>
            ) : null}
            <VerticalStepper
              label="Power Scheduler steps"
              active={state.step}
              steps={[
                {
                  title: "Select Students",
                  summary:
                    state.studentType === "all"
                      ? "All Students"
                      : `${state.studentIds.size.toLocaleString("en-US")} student${state.studentIds.size === 1 ? "" : "s"}`,
                  content: <StepStudents state={state} dispatch={dispatch} options={data} />,
                },
                {
                  title: "Select Date and Blocks",
                  summary: state.from
                    ? `${dateLabel(state.from)}${state.to && state.to !== state.from ? ` – ${dateLabel(state.to)}` : ""} · ${blockNames?.join(", ")}`
                    : undefined,
                  content: <StepDates state={state} dispatch={dispatch} options={data} />,
                },
                {
                  title: "Select scheduling type",
                  summary: state.scheduleType
                    ? `${state.scheduleType === "appointment" ? "Appointment" : "Amendment"}${staff ? ` · ${staff.name}` : ""}`
                    : undefined,
                  content: (
                    <StepType
                      state={state}
                      dispatch={dispatch}
                      options={data}
                      names={names}
                      onSubmitted={() => void mutate("/api/power-scheduler")}
                    />
                  ),
                },
                {
                  title: "Done",
                  content: (
                    <StepDone
                      result={state.result}
                      names={names}
                      onReset={() => dispatch({ type: "reset" })}
                    />
                  ),
                },
              ]}
            />
          </div>
        )}
        <BatchesList />
      </div>
    </div>
  );
}
