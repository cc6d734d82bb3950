"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { TextField } from "@/components/ui/text-field";
import { forgetUser } from "@/lib/storage.client";
import { ForgotPassword } from "./forgot-password";
import { ChosenAccount, FormError, PasswordStep } from "./login-parts";
import { RememberedUsers } from "./remembered-users";
import { useLoginSteps, type LoginSteps } from "./use-login-steps";

/**
 * The two-step sign-in: username (with Remember me, and the remembered users of this device),
 * then password. `onSignIn` signs in and throws the API error on failure.
 */
export function LoginForm({
  onSignIn,
  resetByEmail = false,
}: {
  onSignIn: (username: string, password: string) => Promise<unknown>;
  /** The school lets someone reset a forgotten password by email: the password step offers it. */
  resetByEmail?: boolean;
}) {
  const t = useTranslations("login.password");
  const steps = useLoginSteps(onSignIn);
  const { step, account, schoolAccountOnly, errors, busy } = steps.status;
  const { password, typePassword, showPassword, setShowPassword, passwordRef } = steps.fields;
  const { backToUsername, signIn } = steps.actions;
  const formError = <FormError message={errors.form} />;
  const chosenAccount = account && <ChosenAccount account={account} onChange={() => backToUsername()} />;

  if (step === "password" && account && schoolAccountOnly) {
    return (
      <div className="flex flex-col gap-5">
        {chosenAccount}
        <p
          role="status"
          className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 ring-1 ring-indigo-200"
        >
          {t("schoolAccountOnly")}
        </p>
      </div>
    );
  }

  if (step === "password" && account) {
    return (
      <PasswordStep
        account={account}
        chosen={chosenAccount}
        password={password}
        onPassword={typePassword}
        error={errors.password}
        formError={formError}
        busy={busy}
        passwordRef={passwordRef}
        showPassword={showPassword}
        onShowPassword={setShowPassword}
        onSubmit={signIn}
        after={resetByEmail ? <ForgotPassword key={account.username} username={account.username} /> : null}
      />
    );
  }

  return <UsernameStep steps={steps} formError={formError} />;
}

/** The first step: the remembered accounts of this device, or the username (with Remember me). */
function UsernameStep({ steps, formError }: { steps: LoginSteps; formError: ReactNode }) {
  const { step, remembered, typingNew, errors, busy } = steps.status;
  const { username, typeUsername, remember, setRemember, usernameRef } = steps.fields;
  const { setTypingNew, goToPassword, next } = steps.actions;
  const t = useTranslations("login.username");
  const showList = step === "username" && remembered.length > 0 && !typingNew;
  return (
    <div className="flex flex-col gap-5">
      {showList ? (
        <>
          <RememberedUsers
            users={remembered}
            onPick={goToPassword}
            onRemove={(user) => forgetUser(user.username)}
          />
          <Button variant="secondary" size="lg" className="w-full" onClick={() => setTypingNew(true)}>
            {t("useAnotherButton")}
          </Button>
        </>
      ) : (
        <form onSubmit={next} noValidate className="flex flex-col gap-5">
          <TextField
            ref={usernameRef}
            label={t("label")}
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => typeUsername(e.target.value)}
            error={errors.username}
            autoFocus
          />
          <Checkbox label={t("rememberMe")} checked={remember} onCheckedChange={setRemember} />
          {formError}
          <Button type="submit" size="lg" loading={busy} className="w-full">
            {t("nextButton")}
          </Button>
          {remembered.length > 0 && (
            <Button variant="ghost" onClick={() => setTypingNew(false)}>
              {t("backToRememberedButton")}
            </Button>
          )}
        </form>
      )}
    </div>
  );
}
