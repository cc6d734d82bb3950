"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { SayLoginError } from "./login-errors";

/** The login screen's messages (login-errors.ts places them) in the page's language. */
export function useLoginErrorWords(): SayLoginError {
  const t = useTranslations("login.errors");
  return useCallback<SayLoginError>((key) => t(key), [t]);
}
