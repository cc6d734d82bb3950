"use client";

import { MailX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSchoolTime } from "@/components/audit/use-school-time";
import { useDateWords } from "@/components/i18n/use-date-words";
import type { EmailRefusal } from "@/lib/core/schedule/types";

/**
 * On a profile, for those who may see it: the mail server refused this person's address for good (a 5xx
 * answer), so Flexblock sends nothing more to it until the address changes.
 */
export function EmailRefusedNote({
  address,
  refusal,
}: {
  address: string | null | undefined;
  refusal: EmailRefusal | null | undefined;
}) {
  const t = useTranslations("notificationSettings");
  const when = useSchoolTime();
  const words = useDateWords();
  if (!refusal || !address) return null;
  const since = words.instant(
    refusal.since,
    { dateStyle: "medium", timeStyle: "short" },
    when(refusal.since),
  );
  return (
    <p
      data-testid="email-refused"
      className="mt-3 flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <MailX aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700" />
      <span className="min-w-0 break-words">
        {t.rich("emailRefused", {
          address,
          since,
          error: refusal.error,
          b: (chunks) => <strong className="break-all">{chunks}</strong>,
        })}
      </span>
    </p>
  );
}
