"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { apiPost } from "@/lib/api/request.client";
import { placeLoginError } from "./login-errors";
import { useLoginErrorWords } from "./use-login-error-words";

/**
 * "Forgot your password?" under the password step: asks POST /api/password-reset for the chosen account
 * and says the server's neutral sentence (it never tells whether the account may reset, or exists); our
 * own words for it only when the answer has none.
 */
export function ForgotPassword({ username }: { username: string }) {
  const t = useTranslations("login.forgotPassword");
  const say = useLoginErrorWords();
  const [state, setState] = useState<{ status: "idle" | "busy" | "sent"; message?: string; error?: string }>({
    status: "idle",
  });

  async function ask() {
    setState({ status: "busy" });
    try {
      const answer = await apiPost<{ message?: string }>("/api/password-reset", { username });
      setState({ status: "sent", message: answer?.message || t("sent") });
    } catch (error) {
      setState({ status: "idle", error: placeLoginError(error, say).message || say("serverError") });
    }
  }

  if (state.status === "sent") {
    return (
      <p role="status" className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 ring-1 ring-indigo-200">
        {state.message}
      </p>
    );
  }
  return (
    <div className="flex flex-col items-center gap-2">
      <Button variant="ghost" size="sm" loading={state.status === "busy"} onClick={ask}>
        {t("linkButton")}
      </Button>
      {state.error && (
        <p role="alert" className="text-center text-sm text-red-800">
          {state.error}
        </p>
      )}
    </div>
  );
}

/** Whether the school lets anyone reset a password by email (the public setting password-reset-by-email). */
export function resetByEmailOffered(value: unknown): boolean {
  const mode = typeof value === "string" ? value.trim().toLowerCase() : "staff";
  return mode === "staff" || mode === "everyone";
}
