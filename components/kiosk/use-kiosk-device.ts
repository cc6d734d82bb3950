"use client";

import { useCallback, useEffect, useState } from "react";
import { KIOSK_TOKEN_KEY, kioskRequest, readStoredToken, tokenFromSetupLink, type KioskInfo } from "./kiosk-device";

/**
 * The kiosk's device token and what GET /api/kiosk says about it: taken from a setup link or device
 * storage at start, or from the setup form; a refused (401) token is forgotten.
 */
export function useKioskDevice() {
  const [token, setToken] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const adopt = useCallback(async (candidate: string) => {
    const answer = await kioskRequest<KioskInfo>(candidate, "GET", "/api/kiosk");
    if (answer.status === 200) {
      window.localStorage.setItem(KIOSK_TOKEN_KEY, candidate);
      setToken(candidate);
      setInfo(answer.data);
      setProblem(null);
    } else {
      if (answer.status === 401) window.localStorage.removeItem(KIOSK_TOKEN_KEY);
      setToken(answer.status === 401 ? null : candidate);
      setProblem(answer.data.message ?? "This kiosk could not start.");
    }
    setReady(true);
  }, []);

  useEffect(() => {
    const candidate = tokenFromSetupLink() ?? readStoredToken();
    queueMicrotask(() => (candidate ? void adopt(candidate) : setReady(true)));
  }, [adopt]);

  /** The server revoked this kiosk: back to setup, saying why. */
  function revoked(message: string) {
    window.localStorage.removeItem(KIOSK_TOKEN_KEY);
    setToken(null);
    setInfo(null);
    setProblem(message);
  }

  return { token, ready, info, problem, adopt, revoked };
}
