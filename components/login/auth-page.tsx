import type { ReactNode } from "react";
import { FlexblockMark } from "@/components/auth/flexblock-mark";
import type { schoolBrand } from "@/components/auth/types";
import { SchoolBrand } from "@/components/shell/school-brand";

/**
 * The frame of the screens before sign-in (the login screen, Choose a new password, the first run's
 * setup, unsubscribe): the school's brand (or, with none given, Flexblock's mark) above one card with its
 * heading, and anything `below` the card. `wide` for a card with a longer form or text.
 */
export function AuthPage({
  brand,
  title,
  children,
  below,
  wide = false,
}: {
  brand?: ReturnType<typeof schoolBrand>;
  title: ReactNode;
  children: ReactNode;
  below?: ReactNode;
  wide?: boolean;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-slate-50 via-slate-50 to-indigo-50/60 px-4 py-10">
      <div className={wide ? "w-full max-w-lg" : "w-full max-w-sm"}>
        {brand ? (
          <div className="mb-8 flex justify-center">
            <SchoolBrand name={brand.name} logo={brand.logo} size="lg" />
          </div>
        ) : (
          <div className="mb-6 flex items-center justify-center gap-2 text-slate-900">
            <FlexblockMark className="size-8" />
            <span className="text-lg font-semibold">Flexblock</span>
          </div>
        )}
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          <h1 className="mb-1 text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {children}
        </div>
        {below}
        {brand && <p className="mt-8 text-center text-xs text-slate-500">Flexblock</p>}
      </div>
    </main>
  );
}
