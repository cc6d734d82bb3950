import { forgetPushDevice, pushState, turnOffPush } from "@/lib/pwa/push.client";
import { setStored } from "@/lib/storage.client";

/** A browser with push: a service worker registration holding one subscription. */
function browserWithPush(permission: NotificationPermission = "granted", subscribed = true) {
  const subscription = { endpoint: "https://fcm.googleapis.com/fcm/send/lab-computer-3", unsubscribe: jest.fn(async () => true) };
  const registration = { pushManager: { getSubscription: jest.fn(async () => (subscribed ? subscription : null)) } };
  Object.defineProperty(window, "isSecureContext", { configurable: true, value: true });
  Object.defineProperty(window, "PushManager", { configurable: true, value: function PushManager() {} });
  Object.defineProperty(window, "Notification", { configurable: true, value: { permission } });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: jest.fn(async () => registration), register: jest.fn() },
  });
  const requests: { method: string; url: string; body: unknown }[] = [];
  global.fetch = jest.fn(async (url: string, init: RequestInit) => {
    requests.push({ method: init.method ?? "GET", url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return { ok: true, status: 200, text: async () => JSON.stringify({ removed: true }) };
  }) as unknown as typeof fetch;
  return { subscription, requests };
}

afterEach(() => {
  for (const name of ["PushManager", "Notification", "isSecureContext"]) delete (window as unknown as Record<string, unknown>)[name];
  delete (navigator as unknown as Record<string, unknown>).serviceWorker;
});

describe("push on this device", () => {
  it("signing out tells the server to forget this device, then drops the browser's subscription", async () => {
    setStored("token", "a-token");
    const { subscription, requests } = browserWithPush();
    await forgetPushDevice(true);
    expect(requests).toEqual([
      { method: "DELETE", url: "/api/push/subscriptions", body: { endpoint: "https://fcm.googleapis.com/fcm/send/lab-computer-3" } },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("a session that ended without the server still drops the browser's subscription", async () => {
    const { subscription, requests } = browserWithPush();
    await forgetPushDevice(false);
    expect(requests).toEqual([]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("does nothing, quickly, in a browser without push", async () => {
    global.fetch = jest.fn() as unknown as typeof fetch;
    await forgetPushDevice(true);
    expect(global.fetch).not.toHaveBeenCalled();
    expect(await pushState()).toBe("unsupported");
  });

  it.each([
    ["denied", true, "blocked"],
    ["default", false, "off"],
    ["granted", false, "off"],
    ["granted", true, "on"],
  ] as const)("permission %s with subscription %s reads as %s", async (permission, subscribed, state) => {
    browserWithPush(permission, subscribed);
    expect(await pushState()).toBe(state);
  });

  it("turning off removes the server's record and the browser's subscription", async () => {
    setStored("token", "a-token");
    const { subscription, requests } = browserWithPush();
    await turnOffPush();
    expect(requests.map((r) => r.method)).toEqual(["DELETE"]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });
});
