"use client";

import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { ChangePasswordForm } from "./change-password-form";
import { PASSWORD_FORM_MESSAGES } from "@/lib/auth/password-rules";

/**
 * Change Password when nothing forces it (the account menu; a student's profile). The server keeps this
 * device signed in and signs the account out everywhere else.
 */
export function ChangePasswordDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change your password"
      description="Other computers and phones signed in to your account will be signed out."
      size="sm"
      hideClose
    >
      <div className="pb-3">
        <ChangePasswordForm
          onCancel={() => onOpenChange(false)}
          onChanged={() => {
            onOpenChange(false);
            snackbar(PASSWORD_FORM_MESSAGES.changed, { tone: "success" });
          }}
        />
      </div>
    </Dialog>
  );
}
