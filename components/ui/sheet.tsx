"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { overlayClasses, useFocusReturn } from "./dialog";
import { IconButton } from "./icon-button";

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  /** Visually hide the title (it is still the accessible name). */
  hideTitle?: boolean;
  description?: ReactNode;
  side?: "left" | "right";
  children: ReactNode;
  className?: string;
}

/** A panel that slides in from the side of the screen (drawers, side panels). Modal, closes on Escape. */
export function Sheet({
  open,
  onOpenChange,
  title,
  hideTitle,
  description,
  side = "right",
  children,
  className,
}: SheetProps) {
  const focus = useFocusReturn(open);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          {...focus}
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed inset-y-0 z-50 flex w-[min(24rem,calc(100vw-3rem))] flex-col bg-white shadow-2xl focus:outline-none",
            side === "left"
              ? "left-0 border-r border-slate-200 data-[state=open]:animate-[sheet-in-left_180ms_ease-out]"
              : "right-0 border-l border-slate-200 data-[state=open]:animate-[sheet-in-right_180ms_ease-out]",
            className,
          )}
        >
          <div
            className={cn(
              "flex items-center justify-between gap-4 border-b border-slate-100 px-5 py-3",
              hideTitle && "sr-only",
            )}
          >
            <div className="min-w-0">
              <RadixDialog.Title className="text-base font-semibold text-slate-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close asChild>
              <IconButton label="Close" icon={<X className="size-4" />} size="sm" noTooltip />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
