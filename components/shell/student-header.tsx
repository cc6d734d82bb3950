"use client";

import { schoolBrand } from "@/components/auth/types";
import { useSignedInUser } from "@/components/auth/use-auth";
import { LanguageSelect } from "@/components/i18n/language-select";
import { cn } from "@/lib/cn";
import { SchoolBrand } from "./school-brand";

/** The top bar of a student's screens (their page and Help): the school's name and logo, and their language. */
export function StudentHeader({ width = "max-w-6xl" }: { width?: string }) {
  const { settings } = useSignedInUser();
  const brand = schoolBrand(settings);
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className={cn("mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6 lg:px-8", width)}>
        <SchoolBrand name={brand.name} logo={brand.logo} />
        <LanguageSelect className="shrink-0" />
      </div>
    </header>
  );
}
