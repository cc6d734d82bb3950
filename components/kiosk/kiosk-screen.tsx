"use client";

import { usePageTitle } from "@/components/ui/page-title";
import { KioskAnswer } from "./kiosk-answer";
import { KioskSetup } from "./kiosk-setup";
import { useKioskDevice } from "./use-kiosk-device";
import { useKioskScan } from "./use-kiosk-scan";

/**
 * /kiosk: a full-screen page for a tablet or lab computer by the door. A student types or scans their
 * student number (a scanner types it and presses Enter); a large green confirmation with their name
 * and initials, or a red "Not found — see your teacher", gone within a second. The field is empty and
 * focused the moment Enter is pressed, so the next student can go at once (the form's data-state says
 * "ready" once no scan is being sent and no answer is up); nothing lists other students.
 */
export function KioskScreen() {
  usePageTitle("Kiosk");
  const { token, ready, info, problem, adopt, revoked } = useKioskDevice();
  const { value, setValue, result, pending, fading, submit, inputRef } = useKioskScan(token, info !== null, revoked);

  if (!ready) return <main id="main" className="min-h-dvh bg-slate-900" />;
  if (!token || !info) return <KioskSetup onToken={(t) => void adopt(t)} problem={problem} />;

  return (
    <main id="main" className="flex min-h-dvh flex-col bg-slate-900 text-white">
      <header className="flex flex-wrap items-baseline justify-between gap-2 px-6 py-4">
        <h1 className="text-xl font-semibold">Check in: {info.teacher.name}</h1>
        <p className="text-slate-200">
          {info.kiosk.label}
          {info.today ? ` · ${info.today.block.label} ${info.today.block.start}–${info.today.block.end}` : " · No Focus Block today"}
        </p>
      </header>
      <div className="flex flex-1 flex-col items-center justify-center gap-8 px-6 pb-10">
        <form
          onSubmit={submit}
          className="w-full max-w-xl"
          autoComplete="off"
          data-testid="kiosk-form"
          data-state={pending > 0 ? "sending" : result ? "answered" : "ready"}
        >
          <label htmlFor="kiosk-number" className="mb-3 block text-center text-2xl font-medium">
            Type or scan your student number
          </label>
          <input
            id="kiosk-number"
            ref={inputRef}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            className="block w-full rounded-xl border-2 border-slate-300 bg-white px-5 py-4 text-center font-mono text-4xl tracking-widest text-slate-900 focus:outline-4 focus:outline-offset-2 focus:outline-indigo-400"
          />
          <p className="mt-3 text-center text-slate-200">Press Enter to check in.</p>
        </form>
        <KioskAnswer result={result} fading={fading} />
      </div>
    </main>
  );
}
