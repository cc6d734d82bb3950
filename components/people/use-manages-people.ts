"use client";

import { useContext } from "react";
import { AuthContext } from "@/components/auth/auth-context";

/**
 * Adding, editing and archiving people is for administrators and sysadmins (teachers add a student
 * only: useIsTeacher). Read without requiring a provider, so the lists also render on their own (unit tests).
 */
export function useManagesPeople(): boolean {
  const role = useContext(AuthContext)?.user?.role;
  return role === "admin" || role === "sysadmin";
}

/**
 * Teachers add a student one at a time too (the spec's client lets them), without the school email (the
 * key single sign-on signs a student in with, an administrator's to set) or the file upload.
 */
export function useIsTeacher(): boolean {
  return useContext(AuthContext)?.user?.role === "teacher";
}
