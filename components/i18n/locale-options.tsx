"use client";

import { createContext, useContext, type ReactNode } from "react";
import { LOCALES, type AppLocale } from "@/lib/i18n/locales";

const OfferedLocales = createContext<readonly AppLocale[]>(LOCALES);

/** The languages this deployment offers (the shipped ones, and the pseudo-locale where it is on). */
export function LocaleOptions({ offered, children }: { offered: readonly AppLocale[]; children: ReactNode }) {
  return <OfferedLocales.Provider value={offered}>{children}</OfferedLocales.Provider>;
}

export function useOfferedLocales(): readonly AppLocale[] {
  return useContext(OfferedLocales);
}
