"use client";

import { CheckCircle2, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { TextField } from "@/components/ui/text-field";
import { usePageTitle } from "@/components/ui/page-title";
import { NETWORK_ERROR_MESSAGE } from "@/lib/api/client";

/** Where the device keeps its kiosk token (never the user's session token). */
export const KIOSK_TOKEN_KEY = "flexblock.kioskToken";
/**
 * The answer stays up long enough to read, SHOW_MS at full strength, then fades for FADE_MS (issue 23
 * item 14: "readable ≥ 2.5 s, or until the next scan"); the next scan takes it down at once, so no one
 * reads the student before them as their own. The field is empty and focused the moment Enter is
 * pressed, so the next student never waits for it.
 */
export const SHOW_MS = 2500;
export const FADE_MS = 250;

interface KioskInfo {
  kiosk: { id: number; label: string };
  teacher: { name: string };
  today: { block: { label: string; start: string; end: string }; opens: string; closes: string } | null;
}
type Result =
  | { tone: "ok"; name: string; initials: string; message: string; key: number }
  | { tone: "bad"; message: string; key: number };

/** Calls a kiosk route with `Authorization: Kiosk <token>`; never the user's session. */
async function kioskRequest<T>(token: string, method: "GET" | "POST", path: string, body?: unknown) {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Kiosk ${token}` },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch {
    return { status: 0, data: { message: NETWORK_ERROR_MESSAGE } as unknown as T & { message?: string; code?: string } };
  }
  const data = (await response.json().catch(() => ({}))) as T & { message?: string; code?: string };
  return { status: response.status, data };
}

/** The token from a one-time setup link (`/kiosk#setup=…`), removed from the address bar at once. */
function tokenFromSetupLink(): string | null {
  const match = /^#setup=(kiosk_[A-Za-z0-9_-]+)$/.exec(window.location.hash);
  if (!match) return null;
  window.history.replaceState(null, "", window.location.pathname);
  return match[1]!;
}

function readStoredToken(): string | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage.getItem(KIOSK_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Setting the device up: paste the token an administrator was shown, or open the setup link. */
function KioskSetup({ onToken, problem }: { onToken: (token: string) => void; problem: string | null }) {
  const [value, setValue] = useState("");
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-lg flex-col justify-center gap-6 p-6">
      <h1 className="text-2xl font-semibold text-slate-900">Set up this kiosk</h1>
      <p className="text-slate-700">
        An administrator registers kiosks under Kiosks in Flexblock. Open the setup link they were shown on this
        device, or paste the device token here.
      </p>
      {problem && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <form
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (value.trim()) onToken(value.trim());
        }}
      >
        <TextField label="Device token" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" spellCheck={false} className="font-mono" />
        <Button type="submit" size="lg">
          Start kiosk
        </Button>
      </form>
    </main>
  );
}

/**
 * /kiosk: a full-screen page for a tablet or lab computer by the door. A student types or scans their
 * student number (a scanner types it and presses Enter); a large green confirmation with their name
 * and initials, or a red "Not found — see your teacher", gone within a second. The field is empty and
 * focused the moment Enter is pressed, so the next student can go at once (the form's data-state says
 * "ready" once no scan is being sent and no answer is up); nothing lists other students.
 */
export function KioskScreen() {
  usePageTitle("Kiosk");
  const [token, setToken] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [info, setInfo] = useState<KioskInfo | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [result, setResult] = useState<Result | null>(null);
  const [fading, setFading] = useState(false);
  const [pending, setPending] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const sequence = useRef(0);

  const adopt = useCallback(async (candidate: string) => {
    const answer = await kioskRequest<KioskInfo>(candidate, "GET", "/api/kiosk");
    if (answer.status === 200) {
      window.localStorage.setItem(KIOSK_TOKEN_KEY, candidate);
      setToken(candidate);
      setInfo(answer.data);
      setProblem(null);
    } else {
      if (answer.status === 401) window.localStorage.removeItem(KIOSK_TOKEN_KEY);
      setToken(answer.status === 401 ? null : candidate);
      setProblem(answer.data.message ?? "This kiosk could not start.");
    }
    setReady(true);
  }, []);

  useEffect(() => {
    const candidate = tokenFromSetupLink() ?? readStoredToken();
    queueMicrotask(() => (candidate ? void adopt(candidate) : setReady(true)));
  }, [adopt]);

  // Keep the field focused: a scanner types wherever focus is.
  useEffect(() => {
    if (!info) return;
    const refocus = () => requestAnimationFrame(() => inputRef.current?.focus());
    refocus();
    window.addEventListener("focus", refocus);
    document.addEventListener("click", refocus);
    return () => {
      window.removeEventListener("focus", refocus);
      document.removeEventListener("click", refocus);
    };
  }, [info]);

  useEffect(() => {
    if (!result) return;
    const fade = setTimeout(() => setFading(true), SHOW_MS);
    const clear = setTimeout(() => setResult((current) => (current?.key === result.key ? null : current)), SHOW_MS + FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(clear);
    };
  }, [result]);

  /**
   * Shows an answer, unless a later scan has started since: the student at the kiosk then is someone
   * else, who must never read an earlier student's name as their own (every scan is still recorded).
   */
  function show(next: Result) {
    if (next.key < sequence.current) return;
    setFading(false);
    setResult(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const number = value.trim();
    if (!number || !token) return;
    // Ready for the next student at once: the field is emptied and keeps focus while this one is sent,
    // and the previous student's answer goes.
    setValue("");
    inputRef.current?.focus();
    const key = ++sequence.current;
    setResult(null);
    setPending((n) => n + 1);
    try {
      const answer = await kioskRequest<{ status: string; message: string; student: { name: string; initials: string } }>(
        token,
        "POST",
        "/api/kiosk/check-in",
        { student_number: number },
      );
      if (answer.status === 200) {
        show({ tone: "ok", name: answer.data.student.name, initials: answer.data.student.initials, message: answer.data.message, key });
      } else if (answer.status === 401) {
        window.localStorage.removeItem(KIOSK_TOKEN_KEY);
        setToken(null);
        setInfo(null);
        setProblem(answer.data.message ?? "This kiosk was revoked.");
      } else if (answer.status === 404) {
        show({ tone: "bad", message: "Not found — see your teacher", key });
      } else {
        show({ tone: "bad", message: answer.data.message ?? "That did not work — see your teacher", key });
      }
    } finally {
      setPending((n) => n - 1);
    }
  }

  if (!ready) return <main id="main" className="min-h-dvh bg-slate-900" />;
  const fade = cn("transition-opacity duration-200 motion-reduce:transition-none", fading && "opacity-0");
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
        <div role="status" aria-live="assertive" aria-atomic="true" className="w-full max-w-xl">
          {result?.tone === "ok" && (
            <div key={result.key} data-testid="kiosk-result" data-tone="ok" className={cn("flex items-center gap-5 rounded-2xl bg-green-700 p-6 text-white", fade)}>
              <span aria-hidden className="flex size-20 shrink-0 items-center justify-center rounded-full bg-white text-3xl font-bold text-green-800">
                {result.initials}
              </span>
              <div>
                <p className="flex items-center gap-2 text-3xl font-bold">
                  <CheckCircle2 aria-hidden className="size-8" />
                  {result.name}
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
      </div>
    </main>
  );
}
