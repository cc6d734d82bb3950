"use client";

import { Info } from "lucide-react";
import { useSignedInUser } from "@/components/auth/use-auth";
import { sentenceFor, type Reason } from "@/lib/core/schedule/reason";

/** The one plain sentence that says why the student is where they are in a block (lib/core/schedule/reason.ts). */
export function ReasonLine({
  reason,
  viewer,
  studentName,
}: {
  reason: Reason | null | undefined;
  viewer: "self" | "staff";
  studentName?: string;
}) {
  const { settings } = useSignedInUser();
  if (!reason) return null;
  const zone = settings?.values.timezone?.value;
  const timezone = typeof zone === "string" && zone ? zone : "UTC";
  return (
    <p className="mb-3 flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="block-reason">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{sentenceFor(reason, { viewer, timezone, studentName })}</span>
    </p>
  );
}
