"use client";

import { messageOf } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import { Button } from "./button";

/** Something could not be loaded (not a 404): the reason (or "The <what> could not be loaded.") and a retry. */
export function LoadError({
  error,
  what,
  onRetry,
  className,
}: {
  error: unknown;
  what: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <div
      role="alert"
      className={cn(className, "rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center")}
    >
      <p className="text-sm font-medium text-red-800">
        {messageOf(error, `The ${what} could not be loaded.`)}
      </p>
      <Button variant="secondary" size="sm" className="mt-3" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
