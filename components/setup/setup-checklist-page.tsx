"use client";

import { AuthGate } from "@/components/auth/auth-gate";
import { ADMIN_ROLES } from "@/components/auth/types";
import { AppShell } from "@/components/shell/app-shell";
import { SetupChecklistScreen } from "./setup-checklist";

/**
 * /setup without a first-run link: the checklist in the staff frame, for administrators and sysadmins
 * (signed out: to the login screen; teachers and students: to their start page), as the (shell) screens do.
 */
export function SetupChecklistPage() {
  return (
    <AuthGate roles={ADMIN_ROLES} elsewhere="/">
      <AppShell>
        <SetupChecklistScreen />
      </AppShell>
    </AuthGate>
  );
}
