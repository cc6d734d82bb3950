"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useCallback, useLayoutEffect, useRef, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { recordOpener, rememberOpener, returnFocus, type Opener } from "./focus-return";
import { IconButton } from "./icon-button";

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog when clicked (must accept a ref). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons along the bottom, right-aligned. */
  footer?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** Hide the corner close button (the footer has Cancel). */
  hideClose?: boolean;
  className?: string;
  /**
   * Where focus goes on close when the element that opened the dialog may have been re-rendered
   * (a calendar tile after a write); by default focus returns to whatever opened it.
   */
  returnFocusTo?: () => HTMLElement | null;
}

/**
 * Focus handling shared by dialogs and sheets: remember the opener as the dialog opens, return to
 * it on close. Recorded in a layout effect, before the content mounts (Radix portals it one render
 * later) and before a field in it takes focus with autoFocus.
 */
export function useFocusReturn(open: boolean | undefined, returnFocusTo?: () => HTMLElement | null) {
  const opener = useRef<Opener | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = recordOpener();
  }, [open]);
  // Under the content element, for a dialog opened from inside this one.
  const ref = useCallback((content: HTMLDivElement | null) => {
    if (content && opener.current) rememberOpener(content, opener.current);
  }, []);
  return {
    ref,
    onCloseAutoFocus(event: Event) {
      event.preventDefault(); // Radix would focus its Trigger, which most of our dialogs do not use
      returnFocus(opener.current, returnFocusTo?.());
    },
  };
}

const widths = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-2xl", xl: "max-w-4xl" };

export const overlayClasses =
  "fixed inset-0 z-40 bg-slate-950/40 backdrop-blur-[1px] data-[state=open]:animate-[fade-in_150ms_ease-out]";

/** A modal dialog with a title, optional description, body and footer. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  size = "md",
  hideClose,
  className,
  returnFocusTo,
}: DialogProps) {
  const focus = useFocusReturn(open, returnFocusTo);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          {...focus}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col",
            "rounded-xl border border-slate-200 bg-white shadow-xl focus:outline-none",
            "data-[state=open]:animate-[dialog-in_150ms_ease-out]",
            widths[size],
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-2">
            <div className="min-w-0">
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            {!hideClose && (
              <RadixDialog.Close asChild>
                <IconButton
                  label="Close"
                  icon={<X className="size-4" />}
                  size="sm"
                  noTooltip
                  className="-mr-2"
                />
              </RadixDialog.Close>
            )}
          </div>
          {children !== undefined && (
            <div className="min-h-0 flex-1 overflow-y-auto px-6 py-3">{children}</div>
          )}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 px-6 py-4">
              {footer}
            </div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the dialog it is in when clicked (wrap a Cancel button). */
export const DialogClose = RadixDialog.Close;
