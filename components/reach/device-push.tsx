"use client";

import { BellOff, BellRing } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { messageOf } from "@/lib/api/request.client";
import { pushState, PushSetupError, turnOffPush, turnOnPush, type PushState } from "@/lib/pwa/push.client";

/** What the device section says in each state. */
export const DEVICE_PUSH_TEXT: Record<PushState, string> = {
  on: "Notifications are on for this device. You get the kinds turned on under Push below.",
  off: "Notifications are off for this device. Turn them on to get reminders and changes here even when Flexblock is closed.",
  blocked:
    "Your browser blocks notifications from this site. To get them, allow notifications in the browser's site settings, then reload this page.",
  unsupported:
    "This browser cannot show notifications from Flexblock. On an iPhone or iPad, add Flexblock to your Home Screen and open it from there; elsewhere, use a current Chrome, Edge, Firefox or Safari.",
};

/** "Notify me on this device": this browser's push subscription, turned on (asking permission) or off. */
export function DevicePush({ onChanged }: { onChanged?: () => unknown }) {
  const [state, setState] = useState<PushState | null>(null);
  // By hand: a failure reads the device's state again before the button stops spinning (useAction's `handled` cannot wait).
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const read = () => pushState().catch(() => "unsupported" as const);
  useEffect(() => {
    let live = true;
    void read().then((next) => live && setState(next));
    return () => {
      live = false;
    };
  }, []);

  async function change(on: boolean) {
    setBusy(true);
    setProblem(null);
    try {
      setState(on ? await turnOnPush() : await turnOffPush());
      snackbar(on ? "Notifications are on for this device." : "Notifications are off for this device.", { tone: "success" });
      await onChanged?.();
    } catch (error) {
      const message = error instanceof PushSetupError ? error.message : messageOf(error, "That didn't work. Please try again.");
      // Said beside the button (an alert), where the person is looking: no second copy in a snackbar.
      setProblem(message);
      setState(await read());
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 flex-1 basis-64">
        <h3 className="text-sm font-semibold text-slate-900">This device</h3>
        <p className="mt-0.5 text-sm text-slate-600" data-testid="device-push-state" aria-live="polite">
          {state ? DEVICE_PUSH_TEXT[state] : "Checking this device…"}
        </p>
        {problem && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {problem}
          </p>
        )}
      </div>
      {state === "on" ? (
        <Button variant="secondary" loading={busy} onClick={() => void change(false)}>
          <BellOff aria-hidden className="size-4" />
          Turn off on this device
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={busy}
          disabled={state === null || state === "unsupported" || state === "blocked"}
          onClick={() => void change(true)}
        >
          <BellRing aria-hidden className="size-4" />
          Notify me on this device
        </Button>
      )}
    </div>
  );
}
