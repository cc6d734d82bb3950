"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useSWRConfig } from "swr";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError, apiGet, apiPost } from "@/lib/api/request.client";
import { forgetPushDevice } from "@/lib/pwa/push.client";
import { clearPersonalData, getToken } from "@/lib/storage.client";
import type { AuthStatus } from "./auth-context";
import type { AppSettings, CurrentUser, SignOutReason } from "./types";

export interface Session {
  status: AuthStatus;
  user: CurrentUser | null;
  settings: AppSettings | null;
}

const PUBLIC_SETTINGS_KEY = "/api/settings/unauthenticated";

const SIGNED_OUT: Session = { status: "signed-out", user: null, settings: null };
const SIGNING_OUT: Session = { status: "loading", user: null, settings: null };

/**
 * Which screen a session shows: the login screen, one user's forced password change, or one user's
 * app. Snackbars never outlive the screen they were shown on.
 */
export function screenOf(session: Session): string {
  if (session.status !== "signed-in" || !session.user) return session.status;
  return `${session.user.password_expired ? "password" : "app"}:${session.user.username}`;
}

/**
 * The session's state and its two moves: `load` reads /api/user and /api/settings with the stored
 * token (the first load runs once the page is interactive), `endSession` signs out on this device
 * (and on the server when asked) and forgets every cached response.
 */
// eslint-disable-next-line max-lines-per-function -- the session's load and end share one set of refs
export function useAuthSession() {
  const [session, setSession] = useState<Session>({ status: "loading", user: null, settings: null });
  const [signOutReason, setSignOutReason] = useState<SignOutReason | null>(null);
  const [settingsFailed, setSettingsFailed] = useState(false);
  const { mutate } = useSWRConfig();
  const statusRef = useRef<AuthStatus>("loading");
  const unloadingRef = useRef(false);
  const screenRef = useRef<string | null>(null);

  /**
   * Shows a session, first dismissing the snackbars of the screen it replaces (the splash in
   * between does not count): messages from before the forced password change, or from the last
   * user, must not show after it. Done here, not in an effect, so a message raised just after the
   * change ("Changed passsword.") stays.
   */
  const show = useCallback((next: Session) => {
    const screen = screenOf(next);
    if (screen !== "loading") {
      if (screenRef.current !== null && screenRef.current !== screen) snackbar.dismiss();
      screenRef.current = screen;
    }
    setSession(next);
  }, []);
  useEffect(() => {
    const leaving = () => (unloadingRef.current = true);
    const back = () => (unloadingRef.current = false);
    window.addEventListener("pagehide", leaving);
    window.addEventListener("pageshow", back);
    return () => {
      window.removeEventListener("pagehide", leaving);
      window.removeEventListener("pageshow", back);
    };
  }, []);
  useEffect(() => {
    statusRef.current = session.status;
  }, [session.status]);

  const endSession = useCallback(
    async (reason: SignOutReason, tellServer: boolean) => {
      statusRef.current = "signed-out"; // before the token goes, so the storage listener stays quiet
      // The splash at once, while the server is told: this user's screens leave the device now, and the
      // login screen (where sign-out goes first) does not see a signed-in session and send them back.
      setSession(SIGNING_OUT);
      // This device's push goes with the session (a shared computer's next person gets none of it).
      await forgetPushDevice(tellServer && getToken() !== null);
      if (tellServer && getToken()) {
        await apiPost("/api/logout").catch(() => undefined);
      }
      clearPersonalData();
      // Forget every cached response so the next user never sees this one's data.
      // The signed-out settings (school name and logo) stay: the login screen shows them next.
      await mutate((key) => key !== PUBLIC_SETTINGS_KEY, undefined, { revalidate: false });
      setSignOutReason(reason);
      show(SIGNED_OUT);
    },
    [mutate, show],
  );

  const load = useCallback(
    async (quiet: boolean): Promise<CurrentUser | null> => {
      const token = getToken();
      if (!token) {
        show(SIGNED_OUT);
        return null;
      }
      if (!quiet) setSession((s) => ({ ...s, status: "loading" }));
      const [user, settings] = await Promise.allSettled([
        apiGet<CurrentUser>("/api/user"),
        apiGet<AppSettings>("/api/settings"),
      ]);
      // The page is going away (a navigation aborted these requests): not a failure to act on.
      if (unloadingRef.current) return null;
      // Someone signed in or out while these were under way: their own load decides.
      if (getToken() !== token) return null;
      if (user.status === "rejected") {
        const status = user.reason instanceof ApiClientError ? user.reason.status : 0;
        await endSession(status === 401 ? "expired" : "error", status !== 401);
        return null;
      }
      if (settings.status === "rejected") {
        // One message: the login screen's flag (spec §2), not a snackbar as well.
        setSettingsFailed(true);
        await endSession("user", true);
        return null;
      }
      setSettingsFailed(false);
      setSignOutReason(null);
      show({ status: "signed-in", user: user.value, settings: settings.value });
      return user.value;
    },
    [endSession, show],
  );

  // The first load, once the page is interactive (the token lives in this browser only).
  useEffect(() => {
    let cancelled = false;
    void Promise.resolve().then(() => {
      if (!cancelled) void load(false);
    });
    return () => {
      cancelled = true;
    };
  }, [load]);

  return { session, setSession, signOutReason, settingsFailed, statusRef, load, endSession };
}
