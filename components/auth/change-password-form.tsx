"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import { changePasswordErrors } from "@/lib/auth/password-rules";
import { useAuth } from "./use-auth";
import { usePasswordRuleWords } from "./use-password-rule-words";

export interface ChangePasswordFormProps {
  /** Cancel: the forced change signs out, the voluntary one closes its dialog. */
  onCancel: () => void;
  /** After POST /api/change-password succeeded (this device stays signed in, the others are not). */
  onChanged: () => Promise<void> | void;
}

/**
 * Old password, new password (with its confirmation unless shown), spec §5's rules checked first and the
 * server's reasons shown beside the field they are about. Used by the forced change on the splash and by
 * Change Password in the account menu and on a student's profile.
 */
// eslint-disable-next-line max-lines-per-function -- one form: three password fields, their rules and the server's refusals in order
export function ChangePasswordForm({ onCancel, onChanged }: ChangePasswordFormProps) {
  const { user } = useAuth();
  const t = useTranslations("password");
  const ruleWords = usePasswordRuleWords();
  const [values, setValues] = useState({
    password: "",
    newPassword: "",
    confirmation: "",
    showPassword: false,
  });
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<{
    password?: string;
    newPassword?: string;
    form?: string;
  }>({});
  const errors = changePasswordErrors(values, user?.username ?? "");
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };

  const change = useAction(
    async () => {
      await apiPost("/api/change-password", { password: values.password, new_password: values.newPassword });
      await onChanged();
    },
    {
      // One message per failure, where it belongs: beside the field it is about, else above the buttons.
      handled: (error) => {
        const apiError = error instanceof ApiClientError ? error : null;
        if (apiError?.status === 422 && apiError.fieldError("new_password")) {
          setServerErrors({ newPassword: apiError.fieldError("new_password") });
        } else if (apiError?.status === 401) {
          setServerErrors({ password: t("failed") });
        } else {
          setServerErrors({
            form: apiError?.status === 429 ? apiError.message : t("failed"),
          });
        }
        return true;
      },
    },
  );
  const busy = change.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    await change.run();
  }

  const canSubmit = values.password.length > 0 && values.newPassword.length > 0;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {/* Lets password managers pair the new password with the account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user?.username ?? ""}
        readOnly
        hidden
      />
      <TextField
        label={t("change.oldPassword")}
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={(e) => set({ password: e.target.value })}
        error={serverErrors.password}
        autoFocus
      />
      <TextField
        label={t("fields.newPassword")}
        type={values.showPassword ? "text" : "password"}
        autoComplete="new-password"
        value={values.newPassword}
        onChange={(e) => set({ newPassword: e.target.value })}
        error={serverErrors.newPassword ?? (touched ? ruleWords(errors.newPassword) : undefined)}
        hint={t("fields.newPasswordHint")}
      />
      {!values.showPassword && (
        <TextField
          label={t("fields.confirmation")}
          type="password"
          autoComplete="new-password"
          value={values.confirmation}
          onChange={(e) => set({ confirmation: e.target.value })}
          error={touched ? ruleWords(errors.confirmation) : undefined}
        />
      )}
      <Checkbox
        label={t("fields.showPassword")}
        checked={values.showPassword}
        onCheckedChange={(showPassword) => set({ showPassword })}
      />
      {serverErrors.form && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          {serverErrors.form}
        </p>
      )}
      <div className="mt-2 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("change.cancelButton")}
        </Button>
        <Button type="submit" loading={busy} disabled={!canSubmit}>
          {t("change.submitButton")}
        </Button>
      </div>
    </form>
  );
}
