"use client";

import { useEffect, type RefObject } from "react";
import { SESSION_EXPIRED_EVENT } from "@/lib/api/request.client";
import { getToken, STORAGE_EVENT, STORAGE_KEYS, type StorageKey } from "@/lib/storage.client";
import type { AuthStatus } from "./auth-context";
import type { SignOutReason } from "./types";

/**
 * Ends a signed-in session from outside: a request answered 401 for a dead session (signed out with
 * the banner; the gate keeps the origin), or the token gone because another tab signed out.
 */
export function useSessionEnds(
  statusRef: RefObject<AuthStatus>,
  endSession: (reason: SignOutReason, tellServer: boolean) => Promise<void>,
) {
  useEffect(() => {
    const expired = (event: Event) => {
      const sentWith = (event as CustomEvent<{ token?: string }>).detail?.token;
      if (sentWith && sentWith !== getToken()) return; // a stale answer from before this sign-in
      if (statusRef.current === "signed-in") void endSession("expired", false);
    };
    // Signed out in another tab (the token vanished): follow it here.
    const tokenGone = (event: Event) => {
      const key = event instanceof StorageEvent ? event.key : (event as CustomEvent<StorageKey>).detail;
      if (
        (key === "token" || key === STORAGE_KEYS.token) &&
        !getToken() &&
        statusRef.current === "signed-in"
      ) {
        void endSession("user", false);
      }
    };
    window.addEventListener(SESSION_EXPIRED_EVENT, expired);
    window.addEventListener("storage", tokenGone);
    window.addEventListener(STORAGE_EVENT, tokenGone);
    return () => {
      window.removeEventListener(SESSION_EXPIRED_EVENT, expired);
      window.removeEventListener("storage", tokenGone);
      window.removeEventListener(STORAGE_EVENT, tokenGone);
    };
  }, [statusRef, endSession]);
}
