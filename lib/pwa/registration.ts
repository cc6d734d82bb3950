/**
 * The one service worker (lib/pwa/sw.client.ts, served at /serwist/sw.js). Its scope is the check-in
 * page only, so no other screen is served from it; push messages reach it whatever the scope, so the
 * Notifications screen registers the same worker to subscribe with.
 */
export const SERVICE_WORKER_URL = "/serwist/sw.js";
export const SERVICE_WORKER_SCOPE = "/check-in";
