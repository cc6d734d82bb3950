"use client";

import { Lock } from "lucide-react";
import { useTranslations } from "next-intl";
import { Switch } from "@/components/ui/switch";
import type { NotificationPreferences, PreferenceChannel } from "@/lib/reach/preferences";
import { PREFERENCE_KINDS, type PreferenceKind } from "@/lib/settings/notification-settings";

const CHANNELS = ["email", "push"] as const;

/** One fieldset per kind, with an Email and a Push switch; a mandatory kind's switches are locked and say why. */
export function NotificationSwitches({
  preferences,
  saving,
  onChange,
}: {
  preferences: NotificationPreferences;
  saving: string | null;
  onChange: (channel: PreferenceChannel, kind: PreferenceKind, on: boolean) => void;
}) {
  const t = useTranslations("notificationSettings");
  const noAddress = preferences.email_address === null;
  return (
    <div className="grid gap-3">
      {PREFERENCE_KINDS.map((kind) => {
        const locked = preferences.mandatory.includes(kind);
        return (
          <fieldset key={kind} className="rounded-lg border border-slate-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{t(`kinds.${kind}.label`)}</legend>
            <p className="text-sm text-slate-600">{t(`kinds.${kind}.help`)}</p>
            {locked && (
              <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
                <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                {t(`kinds.${kind}.mandatory`)}
              </p>
            )}
            <div className="mt-3 grid max-w-md gap-3">
              {CHANNELS.map((channel) => (
                <Switch
                  key={channel}
                  label={t(`channels.${channel}`)}
                  description={
                    locked
                      ? t("lockedBySchool")
                      : channel === "email" && noAddress
                        ? t("noEmailAddress")
                        : undefined
                  }
                  checked={channel === "email" && noAddress ? false : preferences[channel][kind]}
                  disabled={locked || (channel === "email" && noAddress) || saving === `${channel}.${kind}`}
                  onCheckedChange={(on) => onChange(channel, kind, on)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
