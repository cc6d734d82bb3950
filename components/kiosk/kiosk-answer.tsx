import { CheckCircle2, XCircle } from "lucide-react";
import { cn } from "@/lib/cn";
import type { KioskResult } from "./kiosk-device";

/**
 * The answer to a scan: green with the student's initials and name (only for students expected with this
 * teacher; anyone else reads "You're checked in"), or red; fading out when `fading`.
 */
export function KioskAnswer({ result, fading }: { result: KioskResult | null; fading: boolean }) {
  const fade = cn("transition-opacity duration-200 motion-reduce:transition-none", fading && "opacity-0");
  return (
    <div role="status" aria-live="assertive" aria-atomic="true" className="w-full max-w-xl">
      {result?.tone === "ok" && (
        <div key={result.key} data-testid="kiosk-result" data-tone="ok" className={cn("flex items-center gap-5 rounded-2xl bg-green-700 p-6 text-white", fade)}>
          <span aria-hidden className="flex size-20 shrink-0 items-center justify-center rounded-full bg-white text-3xl font-bold text-green-800">
            {result.initials ?? <CheckCircle2 className="size-10" />}
          </span>
          <div>
            <p className="flex items-center gap-2 text-3xl font-bold">
              {/* Without a name the big tick beside it already says it. */}
              {result.name && <CheckCircle2 aria-hidden className="size-8" />}
              {result.name ?? "You're checked in"}
            </p>
            <p className="mt-1 text-lg">{result.message}</p>
          </div>
        </div>
      )}
      {result?.tone === "bad" && (
        <div key={result.key} data-testid="kiosk-result" data-tone="bad" className={cn("flex items-center gap-4 rounded-2xl bg-red-700 p-6 text-white", fade)}>
          <XCircle aria-hidden className="size-12 shrink-0" />
          <p className="text-3xl font-bold">{result.message}</p>
        </div>
      )}
    </div>
  );
}
