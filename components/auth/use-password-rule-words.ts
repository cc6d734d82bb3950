"use client";

import { useTranslations } from "next-intl";
import { useCallback } from "react";
import type { Messages } from "@/lib/i18n/catalogues";
import { PASSWORD_FORM_MESSAGES, PASSWORD_MESSAGES } from "@/lib/auth/password-rules";

/** The rules the browser checks before asking the server (lib/auth/password-rules words them in English). */
const RULE_KEYS: Partial<Record<string, keyof Messages["password"]["rules"]>> = {
  [PASSWORD_MESSAGES.tooShort]: "tooShort",
  [PASSWORD_MESSAGES.tooLong]: "tooLong",
  [PASSWORD_FORM_MESSAGES.mismatch]: "mismatch",
  [PASSWORD_FORM_MESSAGES.disallowed]: "disallowed",
};

/**
 * The browser's own password checks in the page's language. Only for what the browser found: a reason
 * the server gave stays as the server wrote it.
 */
export function usePasswordRuleWords() {
  const t = useTranslations("password.rules");
  return useCallback(
    (message: string | undefined) => {
      const key = message ? RULE_KEYS[message] : undefined;
      return key ? t(key) : message;
    },
    [t],
  );
}
