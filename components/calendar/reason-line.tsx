"use client";

import { Info } from "lucide-react";
import { useSignedInUser } from "@/components/auth/use-auth";
import { sentenceFor, type Reason } from "@/lib/core/schedule/reason";
import { useReasonSentence } from "./use-reason-sentence";

/**
 * The one plain sentence that says why the student is where they are in a block (lib/core/schedule/reason.ts): the
 * student's own in the page's language; a staff member's about the student stays English this round.
 */
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
  const ownSentence = useReasonSentence();
  if (!reason) return null;
  const zone = settings?.values.timezone?.value;
  const timezone = typeof zone === "string" && zone ? zone : "UTC";
  return (
    <p className="mb-3 flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="block-reason">
      <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{viewer === "self" ? ownSentence(reason, timezone) : sentenceFor(reason, { viewer, timezone, studentName })}</span>
    </p>
  );
}
