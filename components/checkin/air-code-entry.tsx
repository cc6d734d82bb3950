"use client";

import { CheckCircle2, QrCode } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useDateWords } from "@/components/i18n/use-date-words";
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

/** "9:41 AM" (the answer's `time`) as a wall-clock "09:41", for the page's language; null if it reads otherwise. */
function wallClock(time: string): string | null {
  const parts = /^(\d{1,2}):(\d{2})\s*([AP])M$/i.exec(time.trim());
  if (!parts) return null;
  const hours = (Number(parts[1]) % 12) + (parts[3]!.toUpperCase() === "P" ? 12 : 0);
  return `${String(hours).padStart(2, "0")}:${parts[2]}`;
}

/**
 * The answer in the page's language. English says the server's own words; another language says the
 * same from the answer's parts (the teacher's name, the time), since the server speaks English only.
 */
function useAnswerWords() {
  const t = useTranslations("airCode");
  const locale = useLocale();
  const words = useDateWords();
  return (answer: AirCheckInAnswer): string => {
    if (locale === "en") return answer.message;
    if (answer.status === "checked_in") return t("checkedIn", { teacher: answer.teacher.name });
    const clock = wallClock(answer.time);
    return t("alreadyCheckedIn", { time: clock ? words.clock(clock, answer.time) : answer.time });
  };
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
  window.history.replaceState(
    window.history.state,
    "",
    `${window.location.pathname}${rest ? `?${rest}` : ""}${window.location.hash}`,
  );
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
  const t = useTranslations("airCode");
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
      setError(t("emptyCode"));
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
      setError(refusalOf(failure, t("sendFailed")));
      inputRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  return (
    <section
      aria-labelledby="air-code-entry-title"
      className="mb-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2
        id="air-code-entry-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900"
      >
        <QrCode aria-hidden className="size-5 text-indigo-600" />
        {t("title")}
      </h2>
      <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          ref={inputRef}
          label={t("codeLabel")}
          hint={prefilled ? t("prefilledHint") : t("codeHint")}
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
          {t("submitButton")}
        </Button>
      </form>
      <div role="status" aria-live="polite">
        {done && <AnswerNote answer={done} />}
      </div>
    </section>
  );
}

/** The server's refusal of the code (beside the field), or `fallback` for a fault it did not explain. */
function refusalOf(failure: unknown, fallback: string): string {
  const refusal =
    failure instanceof ApiClientError && failure.status === 422 ? failure.fieldError("code") : undefined;
  return refusal || messageOf(failure, fallback);
}

/** "You're checked in to …" (or already were), in the page's language. */
function AnswerNote({ answer }: { answer: AirCheckInAnswer }) {
  const answerWords = useAnswerWords();
  return (
    <p className="mt-3 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-900">
      <CheckCircle2 aria-hidden className="size-4 shrink-0" />
      {answerWords(answer)}
    </p>
  );
}
