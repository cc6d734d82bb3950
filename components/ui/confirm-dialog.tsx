"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { useAction } from "./use-action";

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Extra content (a list of what will happen, a password field). */
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Disable the confirm button (e.g. until a password is typed). */
  confirmDisabled?: boolean;
  /** May be async: the button spins until it settles; the dialog closes unless it throws. */
  onConfirm: () => unknown;
}

/** "Are you sure?" with Cancel and a confirm button. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "Confirm",
  cancelLabel = "Cancel",
  destructive,
  confirmDisabled,
  onConfirm,
}: ConfirmDialogProps) {
  const { run: confirm, busy } = useAction(
    async () => {
      await onConfirm();
      onOpenChange(false);
    },
    // the caller shows its own error; keep the dialog open
    { handled: () => true },
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !busy && onOpenChange(next)}
      title={title}
      description={description}
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button
            variant={destructive ? "danger" : "primary"}
            onClick={() => void confirm()}
            loading={busy}
            disabled={confirmDisabled}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
