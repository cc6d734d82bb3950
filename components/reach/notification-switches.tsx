"use client";

import { Lock } from "lucide-react";
import { Switch } from "@/components/ui/switch";
import { PREFERENCE_LABELS } from "@/lib/reach/kinds";
import { MANDATORY_MESSAGES, type NotificationPreferences, type PreferenceChannel } from "@/lib/reach/preferences";
import { PREFERENCE_KINDS, type PreferenceKind } from "@/lib/settings/notification-settings";

/** What each kind sends, under its name. */
export const PREFERENCE_HELP: Record<PreferenceKind, string> = {
  reminders: "Before a Focus Block, if you have not chosen a teacher yet.",
  changes: "When a teacher, an administrator or the schedule moves you, with who did it and why.",
  digest: "The morning list of who is coming to a teacher, and weekly summaries.",
};

export const CHANNEL_LABELS: Record<PreferenceChannel, string> = { email: "Email", push: "Push" };

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
  const noAddress = preferences.email_address === null;
  return (
    <div className="grid gap-3">
      {PREFERENCE_KINDS.map((kind) => {
        const locked = preferences.mandatory.includes(kind);
        return (
          <fieldset key={kind} className="rounded-lg border border-slate-200 p-3 sm:p-4">
            <legend className="px-1 text-sm font-semibold text-slate-900">{PREFERENCE_LABELS[kind]}</legend>
            <p className="text-sm text-slate-600">{PREFERENCE_HELP[kind]}</p>
            {locked && (
              <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
                <Lock aria-hidden className="mt-0.5 size-4 shrink-0 text-slate-500" />
                {MANDATORY_MESSAGES[kind]}
              </p>
            )}
            <div className="mt-3 grid max-w-md gap-3">
              {(["email", "push"] as const).map((channel) => (
                <Switch
                  key={channel}
                  label={CHANNEL_LABELS[channel]}
                  description={
                    locked
                      ? "Locked on by your school."
                      : channel === "email" && noAddress
                        ? "Your account has no email address, so no email is sent."
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
