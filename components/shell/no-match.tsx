"use client";

import { Compass } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { buttonClasses } from "@/components/ui/button";
import { usePageTitle } from "@/components/ui/page-title";

/** The fallback for a path no screen serves: 'No match for' the path, and 'Back to Dashboard'. */
export function NoMatch() {
  const pathname = usePathname();
  usePageTitle("Not Found");
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
      <span aria-hidden className="rounded-full bg-slate-100 p-4 text-slate-500">
        <Compass className="size-8" />
      </span>
      <h1 className="text-xl font-semibold text-slate-900">
        No match for{" "}
        <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-base break-all text-slate-800">
          {pathname}
        </code>
      </h1>
      <p className="text-sm text-slate-600">The page you were looking for does not exist, or it has moved.</p>
      <Link href="/" className={buttonClasses({ className: "mt-2" })}>
        Back to Dashboard
      </Link>
    </section>
  );
}
