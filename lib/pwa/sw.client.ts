/// <reference lib="webworker" />
/**
 * The service worker (Serwist), registered only by the check-in screen with the scope /check-in, so
 * it controls that page alone. It precaches the build's static assets (hashed names: a new build is
 * a new precache, and outdated entries are cleaned up), keeps the last check-in pages (network first:
 * online it always shows the server's current page) and the few API answers the offline check-in
 * screen needs to start (who is signed in, the settings, the day's status), for at most 12 hours.
 * Nothing else is cached; check-ins themselves are never replayed here (the page's queue does that,
 * idempotently). Sign-out deletes the API cache (lib/storage.client.ts).
 *
 * It also shows web push messages (lib/reach/push.server.ts): a push event of any scope reaches the
 * registration, so the Notifications screen subscribes this same worker (lib/pwa/push.client.ts). A tap
 * focuses a window already on the message's page, or opens it; only paths of this site are opened.
 */
import type { PrecacheEntry, SerwistGlobalConfig } from "serwist";
import { CacheableResponsePlugin, CacheFirst, ExpirationPlugin, NetworkFirst, Serwist } from "serwist";
import { openablePath, PUSH_ICON, readPushMessage } from "./push-message";

declare global {
  interface WorkerGlobalScope extends SerwistGlobalConfig {
    __SW_MANIFEST: (PrecacheEntry | string)[] | undefined;
  }
}
declare const self: ServiceWorkerGlobalScope;

/** Kept in step with API_CACHE in lib/storage.client.ts (sign-out deletes it). */
const API_CACHE = "flexblock-api";
const OFFLINE_API = /^\/api\/(user|settings|settings\/unauthenticated|check-in\/status(\/[^/]+)?|check-in\/elsewhere\/[^/]+)$/;

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  navigationPreload: false,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) =>
        sameOrigin && request.mode === "navigate" && url.pathname === "/check-in",
      handler: new NetworkFirst({
        cacheName: "flexblock-check-in-page",
        networkTimeoutSeconds: 8,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 8, maxAgeSeconds: 24 * 60 * 60 }),
        ],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === "GET" && OFFLINE_API.test(url.pathname),
      handler: new NetworkFirst({
        cacheName: API_CACHE,
        networkTimeoutSeconds: 8,
        plugins: [
          new CacheableResponsePlugin({ statuses: [200] }),
          new ExpirationPlugin({ maxEntries: 24, maxAgeSeconds: 12 * 60 * 60 }),
        ],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && (url.pathname.startsWith("/_next/static/") || url.pathname.startsWith("/icons/")),
      handler: new CacheFirst({
        cacheName: "flexblock-static",
        plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 })],
      }),
    },
  ],
});

serwist.addEventListeners();

self.addEventListener("push", (event) => {
  const message = readPushMessage(event.data?.text(), self.location.origin);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: PUSH_ICON,
      badge: PUSH_ICON,
      data: { url: message.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = openablePath((event.notification.data as { url?: unknown } | null)?.url, self.location.origin);
  const target = new URL(path, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === target);
      if (open) return open.focus();
      const any = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (any) {
        const moved = await any.navigate(target).catch(() => null);
        if (moved) return moved.focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
