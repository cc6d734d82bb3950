"use client";

import { KeyRound, Link2Off, Lock, LockOpen, TimerOff } from "lucide-react";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { PasswordConfirmDialog } from "@/components/ui/password-confirm-dialog";
import { snackbar } from "@/components/ui/snackbar";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import { ACTION_INFO, CREDENTIAL_ACTIONS, type CredentialAction } from "@/lib/credentials/schemas";
import type { CredentialsResult, ResetPassword } from "@/lib/credentials/service.server";

const ICONS = {
  "reset-passwords": KeyRound,
  "invalidate-passwords": TimerOff,
  "disable-users": Lock,
  "reenable-users": LockOpen,
  "reset-sign-in": Link2Off,
};

/** What each action will do, in the confirmation. */
const CONSEQUENCES: Record<CredentialAction, string> = {
  "reset-passwords":
    "Each account gets a new temporary password, shown to you once. They are signed out and must choose a new password at their next sign-in.",
  "invalidate-passwords":
    "They keep their password but must change it at their next sign-in. They are signed out everywhere.",
  "disable-users": "They are signed out everywhere and cannot sign in until their account is reenabled.",
  "reenable-users": "They can sign in again.",
  "reset-sign-in":
    "Their school accounts (single sign-on) are unlinked and they are signed out. Their next school-account sign-in links again, by email.",
};

const accounts = (n: number) => `${n.toLocaleString("en-US")} account${n === 1 ? "" : "s"}`;

/**
 * The credentials actions for the selected accounts (Reset Single Sign-On where a provider is set up). Each asks for the caller's password first
 * (POST /api/verify-user; a wrong one reads "That didn't work. Please try again."), then calls
 * POST /api/users/{action} and shows the spec's success message.
 */
export function CredentialActions({
  selected,
  onDone,
  onPasswords,
}: {
  selected: number[];
  onDone: () => void;
  onPasswords: (passwords: ResetPassword[]) => void;
}) {
  const [action, setAction] = useState<CredentialAction | null>(null);
  // Reset Single Sign-On only where the school has set up a provider (the login screen's list).
  const { data: publicSettings } = useSWR<{ sso?: unknown[] }>("/api/settings/unauthenticated");
  const shown = CREDENTIAL_ACTIONS.filter((name) => name !== "reset-sign-in" || (publicSettings?.sso?.length ?? 0) > 0);

  const verify = useAction((password: string) => apiPost("/api/verify-user", { password }), {
    // A wrong password reads under the field (PasswordConfirmDialog); anything else (too many
    // attempts, the server unreachable) says why here, or the dialog would just sit there.
    handled: (error) => error instanceof ApiClientError && error.status === 401,
    rethrow: true,
  });
  const apply = useAction(
    async (chosen: CredentialAction) => {
      try {
        const result = await apiPost<CredentialsResult>(`/api/users/${chosen}`, { user_ids: selected });
        snackbar(result.message);
        if (result.passwords) onPasswords(result.passwords);
        onDone();
      } catch (error) {
        console.error(`POST /api/users/${chosen} failed`, error);
        throw error;
      }
    },
    { rethrow: true },
  );

  async function confirm(password: string) {
    if (!action) return;
    await verify.run(password);
    await apply.run(action);
  }

  return (
    <>
      <div
        role="group"
        aria-label="Actions for the selected accounts"
        className="flex flex-wrap items-center gap-2"
      >
        <span className="text-sm text-slate-600" aria-live="polite">
          {selected.length > 0 ? `${selected.length.toLocaleString("en-US")} selected` : "Select accounts"}
        </span>
        {shown.map((name) => {
          const Icon = ICONS[name];
          return (
            <Button
              key={name}
              size="sm"
              variant={name === "disable-users" ? "danger" : "secondary"}
              disabled={selected.length === 0}
              onClick={() => setAction(name)}
            >
              <Icon aria-hidden className="size-4" />
              {ACTION_INFO[name].label}
            </Button>
          );
        })}
      </div>
      <PasswordConfirmDialog
        open={action !== null}
        onOpenChange={(open) => !open && setAction(null)}
        title={action ? `${ACTION_INFO[action].label}?` : ""}
        description={
          action
            ? `${ACTION_INFO[action].label} for ${accounts(selected.length)}. Confirm with your password.`
            : undefined
        }
        confirmLabel={action ? ACTION_INFO[action].label : "Confirm"}
        onConfirm={confirm}
      >
        {action && <p className="text-sm text-slate-700">{CONSEQUENCES[action]}</p>}
      </PasswordConfirmDialog>
    </>
  );
}
