"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { CheckCircle2 } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import useSWR from "swr";
import { schoolBrand, type AppSettings } from "@/components/auth/types";
import { useAuth } from "@/components/auth/use-auth";
import { usePasswordRuleWords } from "@/components/auth/use-password-rule-words";
import { buttonClasses, Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { usePageTitle } from "@/components/ui/page-title";
import { TextField } from "@/components/ui/text-field";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { PasswordResetAnswer } from "@/lib/auth/answers";
import { AuthPage } from "./auth-page";
import { resetPasswordForm, type ResetPasswordValues } from "@/lib/auth/password-rules";
import passwordMessages from "@/lib/i18n/messages/password.json";

/** The screen's English texts, as the spec words them (the "password" catalogue's `reset`). */
export const RESET_PASSWORD_TEXT = passwordMessages.en.reset;

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
  const t = useTranslations("password.reset");
  usePageTitle(t("pageTitle"));
  const { data: publicSettings } = useSWR<AppSettings>("/api/settings/unauthenticated");
  const brand = schoolBrand(publicSettings);
  const [linkError, setLinkError] = useState<string | null>(token ? null : t("missing"));
  const [changed, setChanged] = useState<string | null>(null);

  return (
    <AuthPage brand={brand} title={changed ? t("changedTitle") : t("title")}>
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
  const t = useTranslations("password.reset");
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
        {t("signIn")}
      </Link>
    </div>
  );
}

/** The link was refused (used, expired, unknown): why, and the way to ask for a new one. */
function LinkRefused({ message }: { message: string }) {
  const t = useTranslations("password.reset");
  return (
    <div className="mt-4 flex flex-col gap-5">
      <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
        {message}
      </p>
      <Link href="/login" className={buttonClasses({ size: "lg", className: "w-full" })}>
        {t("askAgain")}
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
  const t = useTranslations("password");
  const ruleWords = usePasswordRuleWords();
  // The browser's own checks in the page's language; the server's reasons (type "server") as it wrote them.
  const fieldError = (error: { type?: string; message?: string } | undefined) =>
    error?.type === "server" ? error.message : ruleWords(error?.message);

  async function submit(values: ResetPasswordValues) {
    try {
      const answer = await apiPost<PasswordResetAnswer>("/api/password-reset/complete", {
        token,
        new_password: values.newPassword,
      });
      onChanged(answer.message || t("reset.done"));
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
          message: apiError?.status === 0 ? apiError.message : t("failed"),
        });
      }
    }
  }

  return (
    <>
      <p className="mb-6 text-sm text-slate-600">{t("reset.intro")}</p>
      <form
        onSubmit={handleSubmit(submit)}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t("reset.title")}
      >
        <TextField
          label={t("fields.newPassword")}
          type={shown ? "text" : "password"}
          autoComplete="new-password"
          hint={t("fields.newPasswordHint")}
          error={fieldError(errors.newPassword)}
          autoFocus
          {...register("newPassword")}
        />
        {!shown && (
          <TextField
            label={t("fields.confirmation")}
            type="password"
            autoComplete="new-password"
            error={fieldError(errors.confirmation)}
            {...register("confirmation")}
          />
        )}
        <Controller
          control={control}
          name="showPassword"
          render={({ field }) => (
            <Checkbox
              label={t("fields.showPassword")}
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
          {t("reset.submit")}
        </Button>
        <Link
          href="/login"
          className="text-center text-sm font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          {t("reset.backToSignIn")}
        </Link>
      </form>
    </>
  );
}
