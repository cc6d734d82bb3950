"use client";

import { BellRing } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { INBOX_KEY, type NotificationEntry } from "@/components/shell/use-notifications";
import { Button } from "@/components/ui/button";
import { useAction } from "@/components/ui/use-action";
import { apiPut } from "@/lib/api/request.client";

/**
 * The messages Flexblock sent the student (a plan cancelled because its teacher left, with why and
 * what happens now), first on /profile until the student dismisses each one (archived, as in the
 * staff's panel). Nothing is shown when there are none.
 */
export function StudentMessages() {
  const t = useTranslations("student.messages");
  const { data, mutate } = useSWR<NotificationEntry[]>(INBOX_KEY, { refreshInterval: 60_000 });
  const [dismissing, setDismissing] = useState<number | null>(null);
  const archive = useAction(
    async (id: number) => {
      await apiPut(`/api/notifications/archive/${id}`);
      await mutate((list) => list?.filter((entry) => entry.notification.id !== id), { revalidate: false });
      // The heading takes focus, so the keyboard is not left on a button that is gone.
      document.getElementById("student-messages-heading")?.focus();
    },
    { failed: t("dismissFailed") },
  );
  if (!data || data.length === 0) return null;

  async function dismiss(id: number) {
    setDismissing(id);
    await archive.run(id);
    setDismissing(null);
  }

  return (
    <section
      aria-labelledby="student-messages-heading"
      className="mb-6 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <h2
        id="student-messages-heading"
        tabIndex={-1}
        className="flex items-center gap-2 text-sm font-semibold text-amber-950 focus:outline-none"
      >
        <BellRing aria-hidden className="size-5 shrink-0 text-amber-700" />
        {t("heading", { count: data.length })}
      </h2>
      <ul className="mt-2 flex flex-col divide-y divide-amber-200">
        {data.map(({ notification }) => (
          <li
            key={notification.id}
            className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start sm:justify-between"
          >
            <div className="min-w-0">
              <p className="text-sm break-words text-slate-900">{notification.body}</p>
              <p className="mt-0.5 text-xs text-slate-700">
                {notification.date}, {notification.time}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              className="self-start"
              loading={dismissing === notification.id}
              aria-label={t("dismissLabel", { date: notification.date, time: notification.time })}
              onClick={() => void dismiss(notification.id)}
            >
              {t("dismissButton")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
