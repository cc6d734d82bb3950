"use client";

import { KeyRound } from "lucide-react";
import { useTranslations } from "next-intl";
import { snackbar } from "@/components/ui/snackbar";
import { usePageTitle } from "@/components/ui/page-title";
import { ChangePasswordForm } from "./change-password-form";
import { useAuth } from "./use-auth";

/** The forced change shown on the splash while the password is expired. Cancel signs out. */
export function ForcedPasswordChange() {
  const { refresh, signOut } = useAuth();
  const t = useTranslations("password.change");
  usePageTitle(t("pageTitle"));
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
            {t("title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("expired")}</p>
        </div>
      </div>
      <ChangePasswordForm
        onCancel={() => void signOut("user")}
        onChanged={async () => {
          // After the app replaces this screen (which clears the snackbars shown before it).
          await refresh();
          snackbar(t("changed"), { tone: "success" });
        }}
      />
    </section>
  );
}
