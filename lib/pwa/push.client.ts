/**
 * Push on this device: whether the browser can, whether the person allowed it, and turning it on and
 * off (the browser's subscription and the server's record of it, POST/DELETE /api/push/subscriptions).
 * Signing out forgets it (forgetPushDevice): on a shared lab computer the next person must not get the
 * previous student's notices.
 */
import { apiGet, apiPost, apiRequest } from "@/lib/api/request.client";
import type { PushKeyAnswer } from "@/lib/reach/answers";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "./registration";

/** unsupported: no push in this browser; blocked: the person (or a policy) denied it; off / on: this device. */
export type PushState = "unsupported" | "blocked" | "off" | "on";

export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function registration(register: boolean): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (existing || !register) return existing ?? null;
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE, updateViaCache: "none" });
  // Subscribing needs an active worker: wait for this one to take over.
  const ready = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_SCOPE);
  if (ready?.active) return ready;
  return new Promise((resolve) => {
    const worker = ready?.installing ?? ready?.waiting;
    if (!worker) return resolve(ready ?? null);
    worker.addEventListener("statechange", () => {
      if (worker.state === "activated") resolve(ready!);
    });
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await registration(false);
  return (await reg?.pushManager.getSubscription()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  if (Notification.permission !== "granted") return "off";
  return (await currentSubscription()) ? "on" : "off";
}

/** A base64url key as the bytes PushManager.subscribe wants. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A worker that never activates, or a push service that never answers: give up after a while. */
function withTimeout<T>(promise: Promise<T>, ms = 20_000): Promise<T> {
  return Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms))]);
}

/** Why turning push on did not work, in a sentence for the person. */
export class PushSetupError extends Error {}

export const PUSH_MESSAGES = {
  denied: "Notifications are blocked for this site in your browser. Allow them in the browser's site settings, then try again.",
  dismissed: "Notifications were not allowed. Choose Allow when your browser asks.",
  failed: "This browser could not turn on notifications. Try again, or use another browser.",
} as const;

/** Asks permission (once), subscribes with the server's key and tells the server. Answers the new state. */
export async function turnOnPush(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = Notification.permission === "default" ? await Notification.requestPermission() : Notification.permission;
  if (permission === "denied") throw new PushSetupError(PUSH_MESSAGES.denied);
  if (permission !== "granted") throw new PushSetupError(PUSH_MESSAGES.dismissed);
  const { public_key } = await apiGet<PushKeyAnswer>("/api/push/key");
  let subscription: PushSubscription;
  try {
    subscription = await withTimeout(
      (async () => {
        const reg = await registration(true);
        if (!reg) throw new Error("no service worker");
        return (
          (await reg.pushManager.getSubscription()) ??
          (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) }))
        );
      })(),
    );
  } catch {
    throw new PushSetupError(PUSH_MESSAGES.failed);
  }
  await apiPost("/api/push/subscriptions", subscription.toJSON());
  return "on";
}

/** Stops push on this device: the server forgets it, then the browser drops the subscription. */
export async function turnOffPush(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint });
    await subscription.unsubscribe().catch(() => false);
  }
  return pushState();
}

/**
 * Sign-out: the server forgets this device (while the session still holds), and the browser drops the
 * subscription whatever the server said, so the push service refuses anything sent to it later (a 410,
 * and the sender removes it). Never holds up signing out for more than a few seconds.
 */
export async function forgetPushDevice(tellServer: boolean): Promise<void> {
  const forget = async () => {
    const subscription = await currentSubscription();
    if (!subscription) return;
    if (tellServer) {
      await apiRequest("DELETE", "/api/push/subscriptions", { endpoint: subscription.endpoint }).catch(() => undefined);
    }
    await subscription.unsubscribe().catch(() => false);
  };
  await Promise.race([forget().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 3000))]);
}
