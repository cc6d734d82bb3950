"use client";

import { Languages } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useId } from "react";
import { LOCALE_NAMES, type AppLocale } from "@/lib/i18n/locales";
import { cn } from "@/lib/cn";
import { focusRing } from "@/components/ui/button";
import { useOfferedLocales } from "./locale-options";
import { useChangeLocale } from "./use-change-locale";

/** A labelled list of the languages, each in its own words (the login screen, the student's page). */
export function LanguageSelect({ className }: { className?: string }) {
  const id = useId();
  const t = useTranslations("language");
  const locale = useLocale();
  const offered = useOfferedLocales();
  const change = useChangeLocale();
  return (
    <div className={cn("flex items-center gap-2 text-sm text-slate-700", className)}>
      <Languages aria-hidden className="size-4 text-slate-500" />
      <label htmlFor={id} className="sr-only">
        {t("label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={change.busy}
        onChange={(event) => void change.run(event.target.value as AppLocale)}
        className={cn("rounded-md border border-slate-300 bg-white py-1 pl-2 pr-7 text-sm", focusRing)}
      >
        {offered.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
