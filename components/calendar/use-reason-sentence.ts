"use client";

import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";
import { useTranslations } from "next-intl";
import { useDateWords } from "@/components/i18n/use-date-words";
import { shortStaffName, type Reason } from "@/lib/core/schedule/reason";

/** The API's English words of an instant in the school's zone ("Dec 8", "08:00"), as lib/core/schedule/reason.ts writes them. */
const englishAt = (iso: string, timezone: string, pattern: string) => format(new TZDate(new Date(iso), timezone), pattern);

/**
 * The student's own sentence for a reason (sentenceFor's "self" sentences, lib/core/schedule/reason.ts), in the
 * page's language; English says exactly what sentenceFor says (tests/unit/choose-i18n.test.tsx holds them equal).
 */
export function useReasonSentence(): (reason: Reason, timezone: string) => string {
  const t = useTranslations("choose.reason");
  const dates = useDateWords();
  return (reason, timezone) => {
    const by = reason.by ? shortStaffName(reason.by.name) : null;
    const teacher = reason.teacher ? shortStaffName(reason.teacher.name) : t("defaultTeacher");
    const memo = reason.memo?.trim() ?? "";
    const withMemo = { hasMemo: memo ? "yes" : "no", memo };
    switch (reason.kind) {
      case "chosen": {
        const day = dates.instant(reason.at, { day: "numeric", month: "long", timeZone: timezone }, englishAt(reason.at, timezone, "MMM d"));
        return t("chosen", { teacher, day });
      }
      case "placed": {
        const clock = dates.instant(reason.at, { hour: "numeric", minute: "2-digit", timeZone: timezone }, englishAt(reason.at, timezone, "HH:mm"));
        return t("placed", { teacher, clock });
      }
      case "booked":
        // An unlocked request (lib/core/choice/ladder.ts): the student may still choose.
        if (reason.locked === false) return t("requested", { by: by ?? t("aTeacher"), ...withMemo, memo: memo.replace(/\.$/, "") });
        return t("booked", { by: by ?? t("aTeacher"), ...withMemo });
      case "power_scheduler": {
        const who = by ?? t("anAdministrator");
        if (reason.batch === "amendment") return t("powerAmended", { by: who, everyone: reason.everyone ? "yes" : "no", ...withMemo });
        return t("powerBooked", { by: who, ...withMemo });
      }
      case "amended":
        return t("amended", { by: by ?? t("aTeacher"), ...withMemo });
      case "waitlist":
        return t("waitlist", { teacher });
      case "standing": {
        const weekday = reason.weekday;
        const pattern =
          reason.day_type || (weekday !== undefined && weekday !== null ? t("weekdays", { weekday: String(weekday) }) : t("thisDay"));
        return t("standing", { pattern, teacher });
      }
    }
  };
}
