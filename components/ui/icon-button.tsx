"use client";

import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { focusRing } from "./button";
import { Tooltip } from "./tooltip";

export interface IconButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** The accessible name, also shown as a tooltip. */
  label: string;
  icon: ReactNode;
  size?: "sm" | "md" | "lg";
  /** Highlights the button (an open panel, the current page). */
  active?: boolean;
  /** No tooltip (when the label is already visible nearby). */
  noTooltip?: boolean;
  tooltipSide?: "top" | "right" | "bottom" | "left";
}

/** A square button with only an icon; its label is the accessible name and the tooltip. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  { label, icon, size = "md", active, noTooltip, tooltipSide, className, type = "button", ...props },
  ref,
) {
  const button = (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center rounded-md text-slate-600 transition-colors",
        "hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-50",
        active && "bg-indigo-50 text-indigo-700 hover:bg-indigo-100 hover:text-indigo-800",
        { sm: "size-8", md: "size-9", lg: "size-10" }[size],
        focusRing,
        className,
      )}
      {...props}
    >
      {icon}
    </button>
  );
  if (noTooltip) return button;
  return (
    <Tooltip content={label} side={tooltipSide}>
      {button}
    </Tooltip>
  );
});
