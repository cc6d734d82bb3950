"use client";

import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { SHELL_ROLES } from "@/components/auth/types";
import { AppShell } from "@/components/shell/app-shell";

// Staff and sysadmin screens: signed-out users go to the login screen, students to /profile.
export default function ShellLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGate roles={SHELL_ROLES} elsewhere="/profile">
      <AppShell>{children}</AppShell>
    </AuthGate>
  );
}
