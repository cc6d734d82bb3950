"use client";

import { useTranslations } from "next-intl";
import { useEffect, type ReactNode } from "react";
import { FlexblockMark } from "./flexblock-mark";

/**
 * Shown while the user and settings load (an animated badge), and around the forced password
 * change while the password is expired.
 */
export function Splash({ children }: { children?: ReactNode }) {
  const t = useTranslations("auth.splash");
  useEffect(() => {
    if (!document.title) document.title = "Flexblock";
  }, []);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-8 bg-gradient-to-b from-slate-50 to-slate-100 px-4 py-10">
      <div className="flex flex-col items-center gap-4">
        <div className="relative" aria-hidden>
          {!children && (
            <span className="absolute inset-0 animate-ping rounded-2xl bg-indigo-400/40 [animation-duration:1.6s]" />
          )}
          <FlexblockMark
            className={
              children ? "size-14" : "relative size-16 animate-[splash-bob_1.6s_ease-in-out_infinite]"
            }
          />
        </div>
        {!children && (
          <p role="status" className="text-sm font-medium text-slate-600">
            {t("loading")}
          </p>
        )}
      </div>
      {children}
    </main>
  );
}
