"use client";

import { Copy } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogClose } from "./dialog";
import { snackbar, type SnackbarOptions } from "./snackbar";
import { TextField, type TextFieldProps } from "./text-field";

/**
 * A secret shown once after it is made (an API token, a kiosk's device token): the server keeps only
 * its hash. Closing it (Done, Escape) calls `onClose`; the body shows only while `open`.
 */
export function ShownOnceDialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      size="lg"
      footer={
        <DialogClose asChild>
          <Button>Done</Button>
        </DialogClose>
      }
    >
      {open && <div className="flex flex-col gap-4">{children}</div>}
    </Dialog>
  );
}

/** A read-only field that selects itself on focus, with a copy button; the snackbar says how it went. */
export function CopyField({
  value,
  copyLabel,
  copied,
  failed,
  ...props
}: Omit<TextFieldProps, "value" | "readOnly" | "trailing"> & {
  label: string;
  value: string;
  /** The copy button's accessible name. */
  copyLabel: string;
  /** The snackbar after copying, and its options. */
  copied: [string, SnackbarOptions?];
  /** The snackbar when the clipboard refused. */
  failed: string;
}) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      snackbar(...copied);
    } catch {
      snackbar(failed, { tone: "error" });
    }
  }
  return (
    <TextField
      {...props}
      value={value}
      readOnly
      onFocus={(e) => e.target.select()}
      trailing={
        <Button variant="ghost" size="sm" aria-label={copyLabel} onClick={() => void copy()}>
          <Copy aria-hidden className="size-4" />
        </Button>
      }
    />
  );
}
