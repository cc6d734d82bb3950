import type { ReactNode } from "react";
import type { schoolBrand } from "@/components/auth/types";
import { SchoolBrand } from "@/components/shell/school-brand";

/**
 * The frame of the screens before sign-in (the login screen, Choose a new password): the school's brand
 * above one card with its heading, and anything `below` the card.
 */
export function AuthPage({
  brand,
  title,
  children,
  below,
}: {
  brand: ReturnType<typeof schoolBrand>;
  title: ReactNode;
  children: ReactNode;
  below?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-slate-50 via-slate-50 to-indigo-50/60 px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <SchoolBrand name={brand.name} logo={brand.logo} size="lg" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8">
          <h1 className="mb-1 text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
          {children}
        </div>
        {below}
        <p className="mt-8 text-center text-xs text-slate-500">Flexblock</p>
      </div>
    </main>
  );
}
