"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import { schoolBrand, type AppSettings } from "@/components/auth/types";
import { useAuth } from "@/components/auth/use-auth";
import { buttonClasses, Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { usePageTitle } from "@/components/ui/page-title";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { PasswordResetAnswer } from "@/lib/auth/answers";
import { AuthPage } from "./auth-page";
import {
  PASSWORD_FORM_MESSAGES,
  resetPasswordForm,
  type ResetPasswordValues,
} from "@/lib/auth/password-rules";

export const RESET_PASSWORD_TEXT = {
  title: "Choose a new password",
  changedTitle: "Password changed",
  intro:
    "Choose the password you will sign in with from now on. Every device signed in to your account is signed out.",
  missing:
    "This password link is not complete. Open the link from the email again, or ask for a new one from the sign-in screen.",
  askAgain: "Ask for a new link",
  done: "Your password was changed. Sign in with your new password.",
  signIn: "Sign in",
  submit: "Set new password",
} as const;

/** The link's own refusals (forged, expired, used, replaced, locked): the link cannot be used, the form goes. */
const linkRefused = (error: ApiClientError) =>
  error.code === "reset_link_invalid" ||
  error.code === "account_locked" ||
  (error.status === 422 && !!error.fieldError("token"));

/**
 * /reset-password?token=…: the page a forgotten-password email links to, outside the signed-in shell like
 * the login screen. A new password (typed twice unless shown; the server applies Change Password's rules
 * and says which one it broke), the link's refusals as a sentence with the way to ask for a new link, and
 * on success the way to sign in.
 */
export function ResetPasswordScreen({ token }: { token: string | null }) {
  usePageTitle("Reset password");
  const { data: publicSettings } = useSWR<AppSettings>("/api/settings/unauthenticated");
  const brand = schoolBrand(publicSettings);
  const [linkError, setLinkError] = useState<string | null>(token ? null : RESET_PASSWORD_TEXT.missing);
  const [changed, setChanged] = useState<string | null>(null);

  return (
    <AuthPage brand={brand} title={changed ? RESET_PASSWORD_TEXT.changedTitle : RESET_PASSWORD_TEXT.title}>
      {changed ? (
        <PasswordChanged message={changed} />
      ) : linkError ? (
        <LinkRefused message={linkError} />
      ) : (
        <NewPasswordForm token={token} onChanged={setChanged} onLinkRefused={setLinkError} />
      )}
    </AuthPage>
  );
}

/** The password is changed: the way to sign in with it. */
function PasswordChanged({ message }: { message: string }) {
  const { status, signOut } = useAuth();
  return (
    <div className="mt-4 flex flex-col gap-5">
      <p
        role="status"
        className="flex gap-2.5 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-emerald-200"
      >
        <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>{message}</span>
      </p>
      <Link
        href="/login"
        className={buttonClasses({ size: "lg", className: "w-full" })}
        onClick={(event) => {
          // This browser was signed in (the account's sessions have all ended): sign it out here too.
          if (status !== "signed-in") return;
          event.preventDefault();
          void signOut("user");
        }}
      >
        {RESET_PASSWORD_TEXT.signIn}
      </Link>
    </div>
  );
}

/** The link was refused (used, expired, unknown): why, and the way to ask for a new one. */
function LinkRefused({ message }: { message: string }) {
  return (
    <div className="mt-4 flex flex-col gap-5">
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
        {message}
      </p>
      <Link href="/login" className={buttonClasses({ size: "lg", className: "w-full" })}>
        {RESET_PASSWORD_TEXT.askAgain}
      </Link>
    </div>
  );
}

/** The new password, typed twice unless shown; the server's refusals placed by the field they concern. */
// eslint-disable-next-line max-lines-per-function -- one form (react-hook-form): the fields and the server's refusals placed by field
function NewPasswordForm({
  token,
  onChanged,
  onLinkRefused,
}: {
  token: string | null;
  onChanged: (message: string) => void;
  onLinkRefused: (message: string) => void;
}) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordForm),
    defaultValues: { newPassword: "", confirmation: "", showPassword: false },
  });
  const shown = useWatch({ control, name: "showPassword" });

  async function submit(values: ResetPasswordValues) {
    try {
      const answer = await apiPost<PasswordResetAnswer>("/api/password-reset/complete", {
        token,
        new_password: values.newPassword,
      });
      onChanged(answer.message || RESET_PASSWORD_TEXT.done);
    } catch (error) {
      const apiError = error instanceof ApiClientError ? error : null;
      if (apiError && linkRefused(apiError)) onLinkRefused(apiError.message);
      else if (apiError?.status === 422 && apiError.fieldError("new_password")) {
        setError(
          "newPassword",
          { type: "server", message: apiError.fieldError("new_password") },
          { shouldFocus: true },
        );
      } else {
        setError("root.server", {
          type: "server",
          message: apiError?.status === 0 ? apiError.message : PASSWORD_FORM_MESSAGES.failed,
        });
      }
    }
  }

  return (
    <>
      <p className="mb-6 text-sm text-slate-600">{RESET_PASSWORD_TEXT.intro}</p>
      <form
        onSubmit={handleSubmit(submit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={RESET_PASSWORD_TEXT.title}
      >
        <TextField
          label="New password"
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          hint="At least 8 characters. Common passwords and your own name are refused."
          error={errors.newPassword?.message}
          autoFocus
          {...register("newPassword")}
        />
        {!shown && (
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmation?.message}
            {...register("confirmation")}
          />
        )}
        <Controller
          control={control}
          name="showPassword"
          render={({ field }) => (
            <Checkbox
              label="Show password"
              checked={field.value}
              onCheckedChange={(value) => field.onChange(value === true)}
            />
          )}
        />
        {errors.root?.server?.message && (
          <p
            role="alert"
            className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200"
          >
            {errors.root.server.message}
          </p>
        )}
        <Button type="submit" size="lg" loading={isSubmitting} className="mt-2 w-full">
          {RESET_PASSWORD_TEXT.submit}
        </Button>
        <Link
          href="/login"
          className="text-center text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          Back to sign in
        </Link>
      </form>
    </>
  );
}
