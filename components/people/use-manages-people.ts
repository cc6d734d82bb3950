"use client";

import { useContext } from "react";
import { AuthContext } from "@/components/auth/auth-context";

/**
 * Adding, editing and archiving people is for administrators and sysadmins (teachers see no Add
 * button). Read without requiring a provider, so the lists also render on their own (unit tests).
 */
export function useManagesPeople(): boolean {
  const role = useContext(AuthContext)?.user?.role;
  return role === "admin" || role === "sysadmin";
}
