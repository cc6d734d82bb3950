"use client";

import { useEffect } from "react";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "@/lib/pwa/registration";

/**
 * Registers the service worker (lib/pwa/sw.client.ts) from the check-in screen, in production builds only
 * (a development server's assets change on every edit). The browser checks the script for a new
 * version on every navigation (`updateViaCache: "none"`); a new one takes over at once.
 */
export function CheckInServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" })
      .catch(() => undefined); // no service worker (private mode, http on a LAN address): the page still works online
  }, []);
  return null;
}
