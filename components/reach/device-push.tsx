"use client";

import { BellOff, BellRing } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { snackbar } from "@/components/ui/snackbar";
import { messageOf } from "@/lib/api/request.client";
import {
  PUSH_MESSAGES,
  pushState,
  PushSetupError,
  turnOffPush,
  turnOnPush,
  type PushState,
} from "@/lib/pwa/push.client";

/** Why turning push on failed (one of PUSH_MESSAGES, which lib/pwa says in English), if it is one. */
function setupProblem(error: PushSetupError): keyof typeof PUSH_MESSAGES | undefined {
  return (Object.keys(PUSH_MESSAGES) as (keyof typeof PUSH_MESSAGES)[]).find(
    (key) => PUSH_MESSAGES[key] === error.message,
  );
}

/** "Notify me on this device": this browser's push subscription, turned on (asking permission) or off. */
export function DevicePush({ onChanged }: { onChanged?: () => unknown }) {
  const t = useTranslations("notificationSettings.device");
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
      snackbar(on ? t("turnedOn") : t("turnedOff"), { tone: "success" });
      await onChanged?.();
    } catch (error) {
      const setup = error instanceof PushSetupError ? setupProblem(error) : undefined;
      const said = error instanceof PushSetupError ? error.message : messageOf(error, t("failed"));
      const message = setup ? t(`setup.${setup}`) : said;
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
        <h3 className="text-sm font-semibold text-slate-900">{t("heading")}</h3>
        <p className="mt-0.5 text-sm text-slate-600" data-testid="device-push-state" aria-live="polite">
          {state ? t(`state.${state}`) : t("checking")}
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
          {t("turnOffButton")}
        </Button>
      ) : (
        <Button
          variant="secondary"
          loading={busy}
          disabled={state === null || state === "unsupported" || state === "blocked"}
          onClick={() => void change(true)}
        >
          <BellRing aria-hidden className="size-4" />
          {t("turnOnButton")}
        </Button>
      )}
    </div>
  );
}
