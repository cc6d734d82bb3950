"use client";

import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { ADMIN_ROLES } from "@/components/auth/types";

// Administrators only; anyone else who visits is sent to the school calendar.
export default function BellScheduleLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGate roles={ADMIN_ROLES} elsewhere="/calendar">
      {children}
    </AuthGate>
  );
}
