"use client";

import { Button } from "@/components/ui/button";
import { LoadError } from "@/components/ui/load-error";
import { ApiClientError } from "@/lib/api/request.client";

/**
 * Why the dashboard could not be shown. Filters the server refused (a link with a grade the school
 * does not have, dates the wrong way round) are named with the server's words and can be cleared;
 * anything else is a load error with a retry.
 */
export function DashboardError({
  error,
  onRetry,
  onClearFilters,
}: {
  error: unknown;
  onRetry: () => void;
  onClearFilters: () => void;
}) {
  if (!(error instanceof ApiClientError) || error.status !== 422) {
    return <LoadError error={error} what="dashboard" onRetry={onRetry} />;
  }
  const reasons = Object.values(error.errors).flat();
  return (
    <div role="alert" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-6 text-center">
      <p className="text-sm font-medium text-amber-900">These filters cannot be shown.</p>
      {reasons.length > 0 && (
        <ul className="mt-1 text-sm text-amber-900">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      )}
      <Button variant="secondary" size="sm" className="mt-3" onClick={onClearFilters}>
        Clear the filters
      </Button>
    </div>
  );
}
