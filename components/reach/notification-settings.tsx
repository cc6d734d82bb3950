"use client";

import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { LoadError } from "@/components/ui/load-error";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { apiPut, fetcher } from "@/lib/api/request.client";
import { cn } from "@/lib/cn";
import type { NotificationPreferences, PreferenceChannel } from "@/lib/reach/preferences";
import type { PreferenceKind } from "@/lib/settings/notification-settings";
import { DevicePush } from "./device-push";
import { NotificationSwitches } from "./notification-switches";

export const PREFERENCES_KEY = "/api/user/notification-preferences";

/** A sentence for the snackbar after a switch was saved: "Email: Reminders to choose a teacher turned on." */
function useSavedMessage() {
  const t = useTranslations("notificationSettings");
  return (channel: PreferenceChannel, kind: PreferenceKind, on: boolean) =>
    t(on ? "savedOn" : "savedOff", { channel: t(`channels.${channel}`), kind: t(`kinds.${kind}.label`) });
}

/**
 * The person's Notifications panel (their own profile, and /notifications): push on this device, and
 * which kinds come by email and by push, each saved as it is switched (PUT, one switch at a time).
 */
export function NotificationSettings({ title, className }: { title?: string; className?: string }) {
  const t = useTranslations("notificationSettings");
  const savedMessage = useSavedMessage();
  const headingId = useId();
  const preferences = useSWR<NotificationPreferences>(PREFERENCES_KEY, fetcher);
  const [saving, setSaving] = useState<string | null>(null);

  const save = useAction(
    async (
      before: NotificationPreferences,
      channel: PreferenceChannel,
      kind: PreferenceKind,
      on: boolean,
    ) => {
      try {
        const saved = await apiPut<NotificationPreferences>(PREFERENCES_KEY, { [channel]: { [kind]: on } });
        void preferences.mutate(saved, { revalidate: false });
        snackbar(savedMessage(channel, kind, on), { tone: "success" });
      } catch (error) {
        void preferences.mutate(before, { revalidate: false });
        throw error;
      }
    },
    { failed: t("saveFailed") },
  );

  async function change(channel: PreferenceChannel, kind: PreferenceKind, on: boolean) {
    const before = preferences.data;
    if (!before) return;
    setSaving(`${channel}.${kind}`);
    // Shown at once; put back if the server refuses.
    void preferences.mutate(
      { ...before, [channel]: { ...before[channel], [kind]: on } },
      { revalidate: false },
    );
    await save.run(before, channel, kind, on);
    setSaving(null);
  }

  const data = preferences.data;
  return (
    <section
      id="notifications"
      aria-labelledby={headingId}
      className={cn("mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5", className)}
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {title ?? t("defaultTitle")}
      </h2>
      <p className="mt-0.5 text-sm text-slate-600">{t("intro")}</p>
      <div className="mt-4 border-b border-slate-200 pb-4">
        <DevicePush onChanged={() => preferences.mutate()} />
      </div>
      <div className="mt-4">
        {preferences.error && !data ? (
          <LoadError
            error={preferences.error}
            what="notification settings"
            onRetry={() => void preferences.mutate()}
          />
        ) : !data ? (
          <p className="text-sm text-slate-600">{t("loading")}</p>
        ) : (
          <PreferenceSwitches
            preferences={data}
            saving={saving}
            onChange={(c, k, on) => void change(c, k, on)}
          />
        )}
      </div>
    </section>
  );
}

/** Where email goes (and that the school sends none yet), then the switches. */
function PreferenceSwitches(props: Parameters<typeof NotificationSwitches>[0]) {
  const t = useTranslations("notificationSettings");
  const { email_address: address, email_configured: configured } = props.preferences;
  return (
    <>
      {address && !configured && (
        <p className="mb-3 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900">{t("emailNotSentYet")}</p>
      )}
      {address && (
        <p className="mb-3 text-sm text-slate-600">
          {t.rich("emailGoesTo", {
            address,
            b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
          })}
        </p>
      )}
      <NotificationSwitches {...props} />
    </>
  );
}
