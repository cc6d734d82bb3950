import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** "9+" above the display maximum (spec: badges show at most 9). */
export function capCount(count: number, max = 9): string {
  return count > max ? `${max}+` : String(count);
}

/** A small count bubble (notifications, appointments). Renders nothing for 0 unless `showZero`. */
export function CountBadge({
  count,
  max = 9,
  label,
  showZero,
  className,
}: {
  count: number;
  max?: number;
  label?: string;
  showZero?: boolean;
  className?: string;
}) {
  if (count <= 0 && !showZero) return null;
  return (
    <span
      aria-label={label ? `${count} ${label}` : undefined}
      className={cn(
        "inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] leading-none font-semibold text-white",
        className,
      )}
    >
      {capCount(count, max)}
    </span>
  );
}

const tones = {
  neutral: "bg-slate-100 text-slate-700 ring-slate-200",
  accent: "bg-indigo-50 text-indigo-700 ring-indigo-200",
  success: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  warning: "bg-amber-50 text-amber-900 ring-amber-200",
  danger: "bg-red-50 text-red-800 ring-red-200",
  dark: "bg-slate-900 text-white ring-slate-900",
};

/** A short label in a pill (a role, a status, a tag). */
export function Badge({
  children,
  tone = "neutral",
  className,
}: {
  children: ReactNode;
  tone?: keyof typeof tones;
  className?: string;
}) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset",
        tones[tone],
        className,
      )}
    >
      {children}
    </span>
  );
}
