"use client";

import useSWR from "swr";
import { useAction } from "@/components/ui/use-action";
import { apiPost, messageOf } from "@/lib/api/request.client";
import type { PowerSchedulePreview } from "@/lib/scheduler/present";
import type { PowerScheduleResult } from "@/lib/scheduler/service.server";
import { requestBody, type SchedulerAction, type SchedulerState } from "./use-scheduler-state";

const postPreview = ([path, body]: [string, string]) => apiPost<PowerSchedulePreview>(path, JSON.parse(body));

/** POST /api/power-scheduler/preview for the chosen students and dates (staff and memo do not change it). */
export function useSchedulePreview(state: SchedulerState) {
  const { staff_id: _staff, memo: _memo, ...counted } = requestBody(state);
  const previewKey = state.scheduleType
    ? (["/api/power-scheduler/preview", JSON.stringify(counted)] as [string, string])
    : null;
  return useSWR(previewKey, postPreview, { revalidateOnFocus: false, shouldRetryOnError: false });
}

/** Submit: POST /api/power-scheduler, then the result step, or the error said on this step. */
export function useScheduleSubmit(
  state: SchedulerState,
  dispatch: (action: SchedulerAction) => void,
  onSubmitted: () => void,
) {
  const { run, busy } = useAction(
    async () => {
      const result = await apiPost<PowerScheduleResult>("/api/power-scheduler", requestBody(state));
      dispatch({ type: "done", result });
      onSubmitted();
    },
    {
      // The failure is said on the step (its own state), not in a snackbar.
      handled: (error) => {
        dispatch({
          type: "failed",
          error: `The schedule change could not be processed. ${messageOf(error, "Please try again.")}`,
        });
        return true;
      },
    },
  );

  return { busy, submit: run };
}
