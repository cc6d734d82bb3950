"use client";

import { useTranslations } from "next-intl";
import { Dialog } from "@/components/ui/dialog";
import { snackbar } from "@/components/ui/snackbar";
import { ChangePasswordForm } from "./change-password-form";

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
  const t = useTranslations("password.change");
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("title")}
      description={t("dialogDescription")}
      size="sm"
      hideClose
    >
      <div className="pb-3">
        <ChangePasswordForm
          onCancel={() => onOpenChange(false)}
          onChanged={() => {
            onOpenChange(false);
            snackbar(t("changed"), { tone: "success" });
          }}
        />
      </div>
    </Dialog>
  );
}
