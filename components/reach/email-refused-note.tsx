"use client";

import { MailX } from "lucide-react";
import { useSchoolTime } from "@/components/audit/use-school-time";
import type { EmailRefusal } from "@/lib/core/schedule/types";

/**
 * On a profile, for those who may see it: the mail server refused this person's address for good (a 5xx
 * answer), so Flexblock sends nothing more to it until the address changes.
 */
export function EmailRefusedNote({ address, refusal }: { address: string | null | undefined; refusal: EmailRefusal | null | undefined }) {
  const when = useSchoolTime();
  if (!refusal || !address) return null;
  return (
    <p
      data-testid="email-refused"
      className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <MailX aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span className="min-w-0 break-words">
        Email to <strong className="break-all">{address}</strong> is refused by its mail server since {when(refusal.since)} (
        {refusal.error}). Nothing more is sent to it until the address changes.
      </span>
    </p>
  );
}
