"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { QRCodeSVG } from "qrcode.react";
import { X } from "lucide-react";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { useFocusReturn } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { messageOf } from "@/lib/api/request.client";

/** GET /api/check-in/air-code: a rotating code, or (after the window) `closed` with the message that says so. */
export type AirCode = AirCodeCommon &
  (
    | {
        closed: false;
        message: null;
        code: string;
        expires_at: string;
        valid_until: string;
        check_in_path: string;
      }
    | { closed: true; message: string; code: null; expires_at: null; valid_until: null; check_in_path: null }
  );
interface AirCodeCommon {
  rotate_seconds: number;
  server_time: string;
  date: string;
  block: { label: string; start: string; end: string };
  opens: string;
  closes: string;
}

export const AIR_CODE_KEY = "/api/check-in/air-code";

/**
 * Milliseconds until the code rotates, by the server's clock: the time left when the answer came
 * (expires_at − server_time) minus the time since, so a device clock that is off does not matter.
 * Ticks every 250 ms while shown.
 */
function useRemainingMs(data: AirCode | undefined) {
  const [now, setNow] = useState(() => Date.now());
  const [received, setReceived] = useState<{ data: AirCode | undefined; at: number }>({ data, at: now });
  if (received.data !== data) setReceived({ data, at: now });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!data?.expires_at) return null;
  const left = Date.parse(data.expires_at) - Date.parse(data.server_time) - (now - received.at);
  return Math.max(0, left);
}

/**
 * The full-screen "Show code" view: the rotating code in large type, its QR code (the student's
 * profile with the code filled in), and a countdown to the next code. It fetches the next code as
 * the current one expires (SWR, so a slow answer never blanks the code); Escape or Close ends it and
 * focus returns to the button that opened it.
 */
// eslint-disable-next-line max-lines-per-function -- the live code, its rotation and its close controls are one view
export function AirCodeView({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const focus = useFocusReturn(open);
  const { data, error, mutate } = useSWR<AirCode>(open ? AIR_CODE_KEY : null, {
    revalidateOnFocus: true,
    keepPreviousData: true,
    // A safety net; the timer below fetches the next code as the current one rotates.
    refreshInterval: 10_000,
  });
  const remaining = useRemainingMs(data);
  const seconds = remaining === null ? null : Math.ceil(remaining / 1000);
  useEffect(() => {
    if (!open || !data?.expires_at) return;
    const wait = Math.max(0, Date.parse(data.expires_at) - Date.parse(data.server_time)) + 300;
    const timer = setTimeout(() => void mutate(), wait);
    return () => clearTimeout(timer);
  }, [open, data, mutate]);

  const origin = typeof window === "undefined" ? "" : window.location.origin;
  const link = data?.check_in_path ? `${origin}${data.check_in_path}` : "";
  const spaced = data?.code ? `${data.code.slice(0, 3)} ${data.code.slice(3)}` : "";

  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Content
          {...focus}
          aria-describedby="air-code-help"
          className="fixed inset-0 z-50 flex flex-col bg-white focus:outline-none"
          data-testid="air-code-view"
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-4 py-3 sm:px-8">
            <div className="min-w-0">
              <RadixDialog.Title className="text-xl font-semibold text-slate-900">
                Air Check-in
              </RadixDialog.Title>
              <p id="air-code-help" className="text-sm text-slate-700">
                {data?.closed
                  ? `Students checked in to your ${data.block.label} (${data.block.start}–${data.block.end}) with codes from ${data.opens} to ${data.closes}.`
                  : data
                    ? `Students check in to your ${data.block.label} (${data.block.start}–${data.block.end}): open Flexblock, choose "Check in with a code" and type this code, or scan the QR code. Codes work from ${data.opens} to ${data.closes}.`
                    : "Students type this code on their profile, or scan the QR code."}
              </p>
            </div>
            <RadixDialog.Close asChild>
              <Button variant="secondary" aria-label="Close code view">
                <X aria-hidden className="size-4" />
                Close
              </Button>
            </RadixDialog.Close>
          </div>
          <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-6 overflow-y-auto p-4 sm:gap-10 lg:flex-row lg:gap-16">
            {error && !data ? (
              <p role="alert" className="max-w-md text-center text-lg text-red-800">
                {messageOf(error, "The code could not be loaded. Check your connection; it will try again.")}
              </p>
            ) : !data ? (
              <Spinner />
            ) : data.closed ? (
              // After the window: no code to show (any code would be refused), and the times it was open.
              <div className="max-w-xl text-center" data-testid="air-code-closed">
                <p className="text-2xl font-semibold text-slate-900">Air Check-in is closed</p>
                <p className="mt-3 text-lg text-slate-800">
                  Codes worked today from {data.opens} to {data.closes}; a student who enters one now is told
                  so. Check latecomers in by number or from the Scheduled list.
                </p>
              </div>
            ) : (
              <>
                <div className="flex flex-col items-center gap-3">
                  <p className="text-sm font-medium tracking-wide text-slate-700 uppercase">Code</p>
                  <p
                    className="font-mono text-6xl font-bold tracking-[0.2em] text-slate-900 sm:text-8xl"
                    data-testid="air-code"
                    data-code={data.code}
                  >
                    {spaced}
                  </p>
                  <p className="text-lg text-slate-800" aria-live="off" data-testid="air-code-countdown">
                    New code in {seconds ?? "…"} s
                  </p>
                </div>
                <figure className="flex flex-col items-center gap-2">
                  <div className="rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
                    <QRCodeSVG value={link} size={240} level="M" marginSize={1} title={`QR code: ${link}`} />
                  </div>
                  <figcaption className="text-sm text-slate-700">Scan to check in</figcaption>
                </figure>
              </>
            )}
          </div>
          {error && data && (
            <p role="status" className="pb-4 text-center text-sm text-amber-900">
              Could not fetch the next code; trying again.
            </p>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
