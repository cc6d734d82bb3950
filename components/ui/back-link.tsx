import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";

/** "← Back to …": a text link above a screen's heading to the screen it came from; never printed. */
export function BackLink({ href, label, className }: { href: string; label: string; className?: string }) {
  return (
    <Link
      href={href}
      className={cn(
        "inline-flex w-fit items-center gap-1.5 rounded text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline print:hidden",
        focusRing,
        className,
      )}
    >
      <ArrowLeft aria-hidden className="size-4" />
      {label}
    </Link>
  );
}
