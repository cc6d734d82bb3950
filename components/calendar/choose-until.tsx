"use client";

import { Clock } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDateWords } from "@/components/i18n/use-date-words";
import { useSignedInUser } from "@/components/auth/use-auth";
import { cn } from "@/lib/cn";
import { deadlineWords } from "@/lib/choice/deadlines";

/** Whether the block's choice deadline (the week's `choose_until`) has passed. */
export const choosingClosed = (chooseUntil: string | null | undefined, now = Date.now()) =>
  Boolean(chooseUntil) && new Date(chooseUntil!).getTime() <= now;

/**
 * Until when the student may choose a teacher for a Focus Block (the choice deadline):
 * "You can choose until 08:00 on Tue, Dec 8." or, once it has passed, "Choosing closed at …".
 */
export function ChooseUntil({ chooseUntil, className = "mt-3" }: { chooseUntil: string | null | undefined; className?: string }) {
  const { settings } = useSignedInUser();
  const t = useTranslations("choose.deadline");
  const dates = useDateWords();
  if (!chooseUntil) return null;
  const zone = settings?.values.timezone?.value;
  const timezone = typeof zone === "string" && zone ? zone : "UTC";
  const closed = choosingClosed(chooseUntil);
  // English keeps "08:00 on Tue, Dec 8" (lib/choice/deadlines.ts: "Choosing closed at …", "You can choose until …").
  const when = dates.instant(
    chooseUntil,
    { weekday: "long", day: "numeric", month: "long", hour: "numeric", minute: "2-digit", timeZone: timezone },
    deadlineWords(chooseUntil, timezone),
  );
  return (
    <p className={cn("flex items-start gap-2 text-sm text-slate-700", className)} data-testid="choose-until">
      <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span>{t(closed ? "closed" : "open", { when })}</span>
    </p>
  );
}
