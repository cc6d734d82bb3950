"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { FADE_MS, kioskRequest, SHOW_MS, type KioskResult } from "./kiosk-device";

/**
 * One student's scan at the kiosk: POST /api/kiosk/check-in, the answer shown then faded, and the field
 * kept focused (a scanner types wherever focus is). A later scan's answer always wins.
 */
export function useKioskScan(token: string | null, active: boolean, onRevoked: (message: string) => void) {
  const [value, setValue] = useState("");
  const [result, setResult] = useState<KioskResult | null>(null);
  const [fading, setFading] = useState(false);
  const [pending, setPending] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const sequence = useRef(0);

  // Keep the field focused: a scanner types wherever focus is.
  useEffect(() => {
    if (!active) return;
    const refocus = () => requestAnimationFrame(() => inputRef.current?.focus());
    refocus();
    window.addEventListener("focus", refocus);
    document.addEventListener("click", refocus);
    return () => {
      window.removeEventListener("focus", refocus);
      document.removeEventListener("click", refocus);
    };
  }, [active]);

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
  function show(next: KioskResult) {
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
      const answer = await kioskRequest<{ status: string; message: string; student: { name: string | null; initials: string | null } }>(
        token,
        "POST",
        "/api/kiosk/check-in",
        { student_number: number },
      );
      if (answer.status === 200) {
        show({ tone: "ok", name: answer.data.student.name, initials: answer.data.student.initials, message: answer.data.message, key });
      } else if (answer.status === 401) {
        onRevoked(answer.data.message ?? "This kiosk was revoked.");
      } else if (answer.status === 404) {
        show({ tone: "bad", message: "Not found — see your teacher", key });
      } else {
        show({ tone: "bad", message: answer.data.message ?? "That did not work — see your teacher", key });
      }
    } finally {
      setPending((n) => n - 1);
    }
  }

  return { value, setValue, result, fading, pending, submit, inputRef };
}
