"use client";

import { CheckCircle2, QrCode } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost, messageOf } from "@/lib/api/request.client";
import { useSelfCheckInOpen } from "./use-self-check-in-open";

interface AirCheckInAnswer {
  status: "checked_in" | "already_checked_in";
  message: string;
  time: string;
  teacher: { name: string };
}

/** The code from the QR link (`/profile?air=CODE`); rendered only in the browser (behind the sign-in gate). */
function codeFromLink(): string {
  if (typeof window === "undefined") return "";
  return (new URLSearchParams(window.location.search).get("air") ?? "").toUpperCase().slice(0, 32);
}

/** The address bar loses the code once it is in the field (a reload does not offer it again). */
function forgetLinkedCode() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has("air")) return;
  params.delete("air");
  const rest = params.toString();
  window.history.replaceState(window.history.state, "", `${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`);
}

/**
 * "Check in with a code" on the student's profile: the code the teacher's screen shows (typed, or
 * filled in by the QR link). POST /api/check-in/air; the answer, right or wrong, is said in words.
 * Shown only while codes are taken (today's window, by the server's clock), or when a QR link brought a
 * code (its answer then says why it is too early or too late); the answer stays until the page is left.
 */
export function AirCodeEntry() {
  const open = useSelfCheckInOpen();
  const [linked] = useState(() => codeFromLink() !== "");
  const [answered, setAnswered] = useState(false);
  if (!open && !linked && !answered) return null;
  return <AirCodeCard onAnswered={() => setAnswered(true)} />;
}

function AirCodeCard({ onAnswered }: { onAnswered: () => void }) {
  const [code, setCode] = useState(codeFromLink);
  const [prefilled, setPrefilled] = useState(() => codeFromLink() !== "");
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<AirCheckInAnswer | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (codeFromLink()) inputRef.current?.focus();
    forgetLinkedCode();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (code.trim() === "") {
      setError("Enter the code your teacher shows.");
      inputRef.current?.focus();
      return;
    }
    setSending(true);
    setError(null);
    setDone(null);
    try {
      const answer = await apiPost<AirCheckInAnswer>("/api/check-in/air", { code });
      setDone(answer);
      onAnswered();
      setCode("");
      setPrefilled(false);
    } catch (failure) {
      const message =
        failure instanceof ApiClientError && failure.status === 422 && failure.fieldError("code")
          ? failure.fieldError("code")!
          : messageOf(failure, "The check-in could not be sent. Please try again.");
      setError(message);
      inputRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="air-code-entry-title" className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id="air-code-entry-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <QrCode aria-hidden className="size-5 text-indigo-600" />
        Check in with a code
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          ref={inputRef}
          label="Code from your teacher's screen"
          hint={prefilled ? "Filled in from the QR code. Press Check in." : "6 letters and digits, e.g. ACD 479"}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            setError(null);
          }}
          error={error}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={32}
          className="font-mono text-lg tracking-widest uppercase"
          containerClassName="sm:w-72"
        />
        <Button type="submit" loading={sending} className="sm:mt-7">
          Check in
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {done && (
          <p className="mt-3 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
            <CheckCircle2 aria-hidden className="size-4 shrink-0" />
            {done.message}
          </p>
        )}
      </div>
    </section>
  );
}
