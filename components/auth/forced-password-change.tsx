"use client";

import { KeyRound } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { snackbar } from "@/components/ui/snackbar";
import { TextField } from "@/components/ui/text-field";
import { usePageTitle } from "@/components/ui/page-title";
import { ApiClientError, apiPost } from "@/lib/api/client";
import { changePasswordErrors, PASSWORD_FORM_MESSAGES } from "./password-rules";
import { useAuth } from "./use-auth";

/** The forced change shown on the splash while the password is expired. Cancel signs out. */
export function ForcedPasswordChange() {
  const { user, refresh, signOut } = useAuth();
  usePageTitle("Change Password");
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
  const [busy, setBusy] = useState(false);
  const errors = changePasswordErrors(values, user?.username ?? "");
  const set = (patch: Partial<typeof values>) => {
    setValues((v) => ({ ...v, ...patch }));
    setServerErrors({});
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    setBusy(true);
    try {
      await apiPost("/api/change-password", { password: values.password, new_password: values.newPassword });
      // After the app replaces this screen (which clears the snackbars shown before it).
      await refresh();
      snackbar(PASSWORD_FORM_MESSAGES.changed, { tone: "success" });
    } catch (error) {
      // One message per failure, where it belongs: beside the field it is about, else above the buttons.
      const apiError = error instanceof ApiClientError ? error : null;
      if (apiError?.status === 422 && apiError.fieldError("new_password")) {
        setServerErrors({ newPassword: apiError.fieldError("new_password") });
      } else if (apiError?.status === 401) {
        setServerErrors({ password: PASSWORD_FORM_MESSAGES.failed });
      } else {
        setServerErrors({
          form: apiError?.status === 429 ? apiError.message : PASSWORD_FORM_MESSAGES.failed,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  const canSubmit = values.password.length > 0 && values.newPassword.length > 0;
  return (
    <section
      aria-labelledby="change-password-title"
      className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xl shadow-slate-900/5 sm:p-8"
    >
      <div className="mb-6 flex items-start gap-3">
        <span aria-hidden className="rounded-lg bg-amber-50 p-2 text-amber-700 ring-1 ring-amber-200">
          <KeyRound className="size-5" />
        </span>
        <div>
          <h1 id="change-password-title" className="text-lg font-semibold text-slate-900">
            Change your password
          </h1>
          <p className="mt-1 text-sm text-slate-600">{PASSWORD_FORM_MESSAGES.expired}</p>
        </div>
      </div>
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
          label="Old password"
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => set({ password: e.target.value })}
          error={serverErrors.password}
          autoFocus
        />
        <TextField
          label="New password"
          type={values.showPassword ? "text" : "password"}
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => set({ newPassword: e.target.value })}
          error={serverErrors.newPassword ?? (touched ? errors.newPassword : undefined)}
          hint="At least 8 characters. Common passwords and your own name are refused."
        />
        {!values.showPassword && (
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            value={values.confirmation}
            onChange={(e) => set({ confirmation: e.target.value })}
            error={touched ? errors.confirmation : undefined}
          />
        )}
        <Checkbox
          label="Show password"
          checked={values.showPassword}
          onCheckedChange={(showPassword) => set({ showPassword })}
        />
        {serverErrors.form && (
          <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
            {serverErrors.form}
          </p>
        )}
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="secondary" onClick={() => void signOut("user")} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={!canSubmit}>
            Change Password
          </Button>
        </div>
      </form>
    </section>
  );
}
