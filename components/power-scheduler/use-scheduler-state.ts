"use client";

import { useReducer } from "react";
import type { PowerScheduleResult } from "@/lib/scheduler/service.server";

/**
 * The stepper's state (spec §4: steps 0 to 3 and sub-steps 0 to 1, back and next, and a reset to
 * the initial state; a successful submit moves to step 3, a failure sets an error flag).
 */
export interface SchedulerState {
  step: 0 | 1 | 2 | 3;
  subStep: 0 | 1;
  studentType: "all" | "some" | null;
  studentIds: ReadonlySet<number>;
  from: string | null;
  to: string | null;
  /** null: every day the chosen blocks meet. */
  weekdays: readonly number[] | null;
  /** null: every flex block. */
  blockIds: readonly number[] | null;
  /** null: every day type of the rotation; else only these ("every Day 2"). */
  dayTypes: readonly string[] | null;
  scheduleType: "appointment" | "amendment" | null;
  staffId: number | null;
  memo: string;
  result: PowerScheduleResult | null;
  /** The last submit failed (with a sentence saying why). */
  error: string | null;
  /** How many students another screen handed over (0: none). */
  handedOver?: number;
}

export const INITIAL: SchedulerState = {
  step: 0,
  subStep: 0,
  studentType: null,
  studentIds: new Set(),
  from: null,
  to: null,
  weekdays: null,
  blockIds: null,
  dayTypes: null,
  scheduleType: null,
  staffId: null,
  memo: "",
  result: null,
  error: null,
};

export type StatePatch = Partial<Omit<SchedulerState, "step" | "subStep" | "result" | "error">>;

export type SchedulerAction =
  | { type: "set"; patch: StatePatch }
  | { type: "next" }
  | { type: "back" }
  | { type: "subStep"; subStep: 0 | 1 }
  | { type: "done"; result: PowerScheduleResult }
  | { type: "failed"; error: string }
  | { type: "reset" };

function reduce(state: SchedulerState, action: SchedulerAction): SchedulerState {
  switch (action.type) {
    case "set":
      return { ...state, ...action.patch, error: null };
    case "next":
      return {
        ...state,
        step: Math.min(3, state.step + 1) as SchedulerState["step"],
        subStep: 0,
        error: null,
      };
    case "back":
      return {
        ...state,
        step: Math.max(0, state.step - 1) as SchedulerState["step"],
        subStep: 0,
        error: null,
      };
    case "subStep":
      return { ...state, subStep: action.subStep };
    case "done":
      return { ...state, step: 3, result: action.result, error: null };
    case "failed":
      return { ...state, error: action.error };
    case "reset":
      return INITIAL;
  }
}

export function useSchedulerState() {
  return useReducer(reduce, INITIAL, withHandoff);
}

/**
 * Students handed over by another screen (the Unscheduled list's "Open in the Power Scheduler"): kept
 * in the tab's sessionStorage for the next Power Scheduler only, then forgotten.
 */
export const HANDOFF_KEY = "flexblock.powerSchedulerHandoff";
export interface SchedulerHandoff {
  student_ids: number[];
  date: string;
}

export function handOffToPowerScheduler(handoff: SchedulerHandoff) {
  window.sessionStorage.setItem(HANDOFF_KEY, JSON.stringify(handoff));
}

/** The initial state, with the handed-over students chosen and their date set (and the handoff forgotten). */
function withHandoff(initial: SchedulerState): SchedulerState {
  if (typeof window === "undefined") return initial;
  const raw = window.sessionStorage.getItem(HANDOFF_KEY);
  if (!raw) return initial;
  window.sessionStorage.removeItem(HANDOFF_KEY);
  try {
    const handoff = JSON.parse(raw) as Partial<SchedulerHandoff>;
    const ids = Array.isArray(handoff.student_ids) ? handoff.student_ids.filter(Number.isInteger) : [];
    const date =
      typeof handoff.date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(handoff.date) ? handoff.date : null;
    if (ids.length === 0) return initial;
    return {
      ...initial,
      studentType: "some",
      studentIds: new Set(ids),
      from: date,
      to: date,
      handedOver: ids.length,
    };
  } catch {
    return initial;
  }
}

/** The request body the state stands for (the spec's fields, plus the range, weekdays and blocks). */
export function requestBody(state: SchedulerState) {
  return {
    student_type: state.studentType,
    schedule_type: state.scheduleType,
    student_ids: state.studentType === "some" ? [...state.studentIds] : [],
    date_time: state.from,
    end_date: state.to && state.to !== state.from ? state.to : null,
    weekdays: state.weekdays,
    ...(state.dayTypes !== null && state.to && state.to !== state.from && { day_types: state.dayTypes }),
    block_ids: state.blockIds,
    ...(state.staffId !== null && { staff_id: state.staffId }),
    ...(state.memo.trim() && { memo: state.memo }),
  };
}
