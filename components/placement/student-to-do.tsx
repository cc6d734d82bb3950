"use client";

import { CalendarClock } from "lucide-react";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { useSignedInUser } from "@/components/auth/use-auth";
import { useDateWords } from "@/components/i18n/use-date-words";
import { usePathname, useRouter } from "next/navigation";
import { Button } from "@/components/ui/button";
import { fetcher } from "@/lib/api/request.client";
import type { PlacementToDo } from "@/lib/placement/types";
import { dayLabel, dayOfWeek } from "@/lib/core/time";

/** The query parameter that opens a block's dialog on the week (components/profile/use-profile-week.ts). */
export const OPEN_BLOCK_PARAM = "block";

export const PLACEMENT_SELF_KEY = "/api/placement/self";

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function clock(iso: string, timezone: string) {
  return new Intl.DateTimeFormat("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    hour12: false,
    timeZone: timezone,
  }).format(new Date(iso));
}

/** The school's time zone (the setting), UTC until the settings have loaded. */
function useTimezone(): string {
  const { settings } = useSignedInUser();
  const zone = settings?.values.timezone?.value;
  return typeof zone === "string" && zone ? zone : "UTC";
}

/**
 * What the student still has to do, first on /profile: how many upcoming Focus Blocks have no teacher
 * (Choose names that first day, goes to its week and opens its teacher picker) and, before the next
 * one's cutoff, a banner saying so.
 */
export function StudentToDo() {
  const t = useTranslations("student.toDo");
  const words = useDateWords();
  const timezone = useTimezone();
  const router = useRouter();
  const pathname = usePathname();
  const { data } = useSWR<PlacementToDo>(PLACEMENT_SELF_KEY, fetcher, { refreshInterval: 60_000 });
  if (!data || data.open.length === 0) return null;
  const first = data.open[0]!;
  const count = data.open.length;
  const weekdayOf = (date: string) => words.date(date, { weekday: "long" }, DAYS[dayOfWeek(date)]!);
  const weekday = weekdayOf(first.date);
  const day = words.date(
    first.date,
    { weekday: "long", day: "numeric", month: "long" },
    `${DAYS[dayOfWeek(first.date)]!}, ${dayLabel(first.date, "").full_date.replace(/, \d{4}$/, "")}`,
  );
  const choose = () =>
    router.push(`${pathname}?date=${first.date}&${OPEN_BLOCK_PARAM}=${first.block_id}`, { scroll: false });
  const cutoff = data.next_cutoff_at;
  const cutoffDate = cutoff?.slice(0, 10);
  const cutoffTime = cutoff ? words.clock(clock(cutoff, timezone), clock(cutoff, timezone)) : "";
  return (
    <section aria-label={t("label")} className="mb-6 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-indigo-200 bg-indigo-50 px-4 py-3">
        <p className="flex items-center gap-2 text-sm font-medium text-indigo-950">
          <CalendarClock aria-hidden className="size-5 shrink-0 text-indigo-700" />
          {t("unscheduled", { count })}
        </p>
        <Button size="sm" onClick={choose}>
          {t("chooseButton", { day })}
        </Button>
      </div>
      {cutoffDate && (
        <p
          role="status"
          className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-950"
        >
          {cutoffDate === first.date
            ? t("cutoffSameDay", { weekday, time: cutoffTime })
            : t("cutoffEarlierDay", { weekday, time: cutoffTime, cutoffDay: weekdayOf(cutoffDate) })}
        </p>
      )}
    </section>
  );
}
