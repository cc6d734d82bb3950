"use client";

import { useContext } from "react";
import { AuthContext, type AuthState } from "./auth-context";

/** The signed-in user, their settings and the sign-in/out actions. Must be inside <AuthProvider>. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside <AuthProvider>");
  return value;
}

/** Like useAuth, but for screens that only render when signed in: user and settings are never null. */
export function useSignedInUser() {
  const auth = useAuth();
  if (!auth.user || !auth.settings) throw new Error("useSignedInUser needs a signed-in user");
  return { ...auth, user: auth.user, settings: auth.settings };
}
