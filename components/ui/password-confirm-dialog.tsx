"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { ApiClientError } from "@/lib/api/request.client";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { TextField } from "./text-field";
import { useAction } from "./use-action";

/** Spec §8: a wrong password in a confirmation. */
export const PASSWORD_CONFIRM_FAILED = "That didn't work. Please try again.";

export interface PasswordConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The action, e.g. "Create staff accounts". */
  title: ReactNode;
  description?: ReactNode;
  /** What is about to happen (a list), above the password field. */
  children?: ReactNode;
  confirmLabel?: string;
  /**
   * Sends the action with the typed password. A 401 shows "That didn't work. Please try again." under
   * the field and keeps the dialog open; any other throw also keeps it open (the caller shows why).
   */
  onConfirm: (password: string) => Promise<unknown>;
}

/** "Are you sure?" with the caller's password (spec §5: it needs a non-empty password). */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel = "Confirm",
  onConfirm,
}: PasswordConfirmDialogProps) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const { run: confirm, busy } = useAction(
    async (typed: string) => {
      setError(null);
      await onConfirm(typed);
      setPassword("");
      onOpenChange(false);
    },
    {
      // A wrong password is said under the field; any other failure is the caller's to show. The dialog stays open.
      handled: (failure) => {
        if (failure instanceof ApiClientError && (failure.status === 401 || failure.fieldError("password"))) {
          setError(PASSWORD_CONFIRM_FAILED);
        }
        return true;
      },
    },
  );

  function change(next: boolean) {
    if (busy) return;
    if (!next) {
      setPassword("");
      setError(null);
    }
    onOpenChange(next);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return;
    await confirm(password);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      size="sm"
      hideClose
      footer={
        <>
          <Button variant="secondary" onClick={() => change(false)} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form="password-confirm-form" loading={busy} disabled={!password}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <form id="password-confirm-form" onSubmit={submit} noValidate className="flex flex-col gap-4 pb-2">
        {children}
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={error}
          onChange={(e) => {
            setPassword(e.target.value);
            setError(null);
          }}
          autoFocus
        />
      </form>
    </Dialog>
  );
}
