"use client";

import { useState } from "react";
import { ApiClientError, messageOf } from "@/lib/api/request.client";
import { snackbar } from "./snackbar";

export const ACTION_FAILED = "That didn't work. Please try again.";

export interface ActionOptions<A extends unknown[] = unknown[]> {
  /** Shown when the server gives no message fit for a person (a 500, a fault in the browser). */
  failed?: string;
  /**
   * Failures the screen shows itself (a 422's field errors beside the field, a 409 in the dialog):
   * return true and no snackbar is shown. It is given the run's arguments too.
   */
  handled?: (error: unknown, ...args: A) => boolean;
  /** Throw the failure on after the snackbar, so a ConfirmDialog stays open. */
  rethrow?: boolean;
}

/** The one error snackbar of a write that failed: the server's message, or the action's fallback. */
export function showFailure(error: unknown, failed: string = ACTION_FAILED) {
  snackbar(messageOf(error, failed), { tone: "error" });
}

/** `handled` for a failure said in the screen's own words whatever the server answered (a spec's text). */
export function failureSaid(text: string) {
  return (): boolean => {
    showFailure(null, text);
    return true;
  };
}

/** `handled` for a form of one field: the server's message for `field` (a 422) goes beside it. */
export function fieldErrorTo(field: string, show: (message: string) => void) {
  return (error: unknown): boolean => {
    const message = error instanceof ApiClientError ? error.fieldError(field) : undefined;
    if (message) show(message);
    return message !== undefined;
  };
}

/** `handled` for a form of several fields: the server's messages for `fields` (a 422) go beside them. */
export function fieldErrorsTo<F extends string>(fields: readonly F[], show: (field: F, message: string) => void) {
  return (error: unknown): boolean => {
    if (!(error instanceof ApiClientError)) return false;
    const said = fields.filter((field) => error.fieldError(field) !== undefined);
    for (const field of said) show(field, error.fieldError(field)!);
    return said.length > 0;
  };
}

export interface Action<A extends unknown[], R> {
  /** Runs the write; resolves to its result, or to undefined once the failure has been shown. */
  run: (...args: A) => Promise<R | undefined>;
  /** True while a run is under way (disable the button, show its spinner). */
  busy: boolean;
}

/**
 * A write from a screen: `busy` while it runs, and every failure shown the same way (one error
 * snackbar) unless the screen says it handled it. The action's own success message and reloads
 * stay in `action`.
 */
export function useAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  options: ActionOptions<A> = {},
): Action<A, R> {
  const [busy, setBusy] = useState(false);
  async function run(...args: A): Promise<R | undefined> {
    setBusy(true);
    try {
      return await action(...args);
    } catch (error) {
      if (!options.handled?.(error, ...args)) showFailure(error, options.failed);
      if (options.rethrow) throw error;
      return undefined;
    } finally {
      setBusy(false);
    }
  }
  return { run, busy };
}
