"use client";

import { useRouter } from "next/navigation";
import { useMemo, type ReactNode } from "react";
import { apiPost } from "@/lib/api/request.client";
import type { TokenResponse } from "@/lib/auth/answers";
import { setStored } from "@/lib/storage.client";
import { AuthContext, type AuthState } from "./auth-context";
import { ForcedPasswordChange } from "./forced-password-change";
import { Splash } from "./splash";
import { useAuthSession } from "./use-auth-session";
import { useSessionEnds } from "./use-session-ends";

/**
 * Owns sign-in state: loads /api/user and /api/settings (splash meanwhile), signs out on a dead
 * session (401) with the "session expired" banner, and holds the forced password change while
 * the password is expired. Route gating lives in <AuthGate>.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const { session, setSession, signOutReason, settingsFailed, statusRef, load, endSession } =
    useAuthSession();
  const router = useRouter();
  useSessionEnds(statusRef, endSession);

  const value = useMemo<AuthState>(
    () => ({
      ...session,
      signOutReason,
      settingsFailed,
      async signIn(username, password) {
        const token = await apiPost<TokenResponse>("/api/login", { username, password });
        setStored("token", token.access_token);
        return load(false);
      },
      async acceptToken(token) {
        setStored("token", token);
        return load(false);
      },
      async signOut(reason = "user") {
        if (reason === "user") router.replace("/login");
        // Flexblock's session ends; the school account's stays in this browser: the login screen says so.
        const schoolAccount =
          reason === "user" && session.status === "signed-in" && session.user?.sign_in_method === "sso";
        await endSession(schoolAccount ? "school-account" : reason, true);
      },
      refresh: async () => {
        await load(true);
      },
      setSettings: (settings) => setSession((s) => (s.status === "signed-in" ? { ...s, settings } : s)),
    }),
    [session, setSession, signOutReason, settingsFailed, load, endSession, router],
  );

  let content = children;
  if (session.status === "loading") content = <Splash />;
  else if (session.status === "signed-in" && session.user?.password_expired) {
    content = (
      <Splash>
        <ForcedPasswordChange />
      </Splash>
    );
  }
  return <AuthContext.Provider value={value}>{content}</AuthContext.Provider>;
}
