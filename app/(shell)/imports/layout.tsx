"use client";

import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";
import { ADMIN_ROLES } from "@/components/auth/types";

// Imports and their reports are for administrators and sysadmins; anyone else is sent to "/".
export default function ImportsLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGate roles={ADMIN_ROLES} elsewhere="/">
      {children}
    </AuthGate>
  );
}
