import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { showFailure } from "@/components/ui/use-action";
import { ApiClientError } from "@/lib/api/request.client";

/** Spec §8: any failure that is not a field's own. */
export const SAVE_FAILED = "Something went wrong. Please try again.";

/**
 * Puts a failed save's field errors (409 duplicate, 422) under the fields they name; answers whether
 * any field took one (otherwise the caller shows SAVE_FAILED).
 */
export function showFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(error instanceof ApiClientError) || (error.status !== 409 && error.status !== 422)) return false;
  let shown = false;
  for (const field of fields) {
    const message = error.fieldError(field);
    if (message) {
      setError(field, { type: "server", message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** `handled` for a people form's save: its field errors under the fields, any other failure SAVE_FAILED. */
export function fieldErrorsOrSaveFailed<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  return (error: unknown): boolean => {
    if (!showFieldErrors(error, setError, fields)) showFailure(null, SAVE_FAILED);
    return true;
  };
}
