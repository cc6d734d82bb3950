"use client";

import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { ADMIN_ROLES } from "@/components/auth/types";

// Administrators only; anyone else who visits is sent to "/".
export default function PowerSchedulerLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGate roles={ADMIN_ROLES} elsewhere="/">
      {children}
    </AuthGate>
  );
}
