import type { FieldPath, FieldValues, UseFormSetError } from "react-hook-form";
import { ApiClientError, messageOf } from "@/lib/api/request.client";

/**
 * Puts a failed save's field errors (a 422's `{ "blocks.0.times.1.end": [msg] }`) under the form's
 * fields: `formPath` turns the request's path into the form's, or null when no field shows it. What no
 * field takes, and every other failure, becomes the form's own message (root.server).
 */
export function placeServerErrors<T extends FieldValues>(
  failure: unknown,
  setError: UseFormSetError<T>,
  formPath: (requestPath: string) => string | null,
) {
  const unplaced: string[] = [];
  if (failure instanceof ApiClientError && (failure.status === 422 || failure.status === 409)) {
    let first = true;
    for (const [path, messages] of Object.entries(failure.errors)) {
      const target = path === "body" ? null : formPath(path);
      const message = messages[0] ?? failure.message;
      if (target === null) unplaced.push(message);
      else {
        setError(target as FieldPath<T>, { type: "server", message }, { shouldFocus: first });
        first = false;
      }
    }
    if (Object.keys(failure.errors).length === 0) unplaced.push(failure.message);
  } else unplaced.push(messageOf(failure, "That didn't work. Please try again."));
  if (unplaced.length) setError("root.server", { type: "server", message: unplaced.join(" ") });
}

/** A message about the whole form (or a list in it), read out when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {message}
    </p>
  );
}
