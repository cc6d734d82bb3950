"use client";

import type { ReactNode } from "react";
import { AuthGate } from "@/components/auth/auth-gate";

// The student's own screen: only students; everyone else goes to the shell.
export default function StudentLayout({ children }: { children: ReactNode }) {
  return (
    <AuthGate roles={["student"]} elsewhere="/">
      {children}
    </AuthGate>
  );
}
