"use client";

import { ArrowLeft, Eye, EyeOff } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Avatar } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { IconButton } from "@/components/ui/icon-button";
import { TextField } from "@/components/ui/text-field";
import { apiPost } from "@/lib/api/client";
import { forgetUser, rememberUser, type RememberedUser } from "@/lib/storage";
import { useStoredState } from "@/lib/use-stored-state";
import { LOGIN_TEXT, placeLoginError } from "./login-errors";
import { RememberedUsers } from "./remembered-users";

type Step = "username" | "password";

interface Errors {
  username?: string;
  password?: string;
  form?: string;
}

/**
 * The two-step sign-in: username (with Remember me, and the remembered users of this device),
 * then password. `onSignIn` signs in and throws the API error on failure.
 */
export function LoginForm({
  onSignIn,
}: {
  onSignIn: (username: string, password: string) => Promise<unknown>;
}) {
  const [remembered] = useStoredState("rememberedUsers", []);
  const [step, setStep] = useState<Step>("username");
  const [typingNew, setTypingNew] = useState(false);
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [remember, setRemember] = useState(false);
  const [account, setAccount] = useState<RememberedUser | null>(null);
  // check-user said this account signs in only with its school account (password sign-in is off for its role).
  const [schoolAccountOnly, setSchoolAccountOnly] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

  const showList = step === "username" && remembered.length > 0 && !typingNew;

  function goToPassword(user: RememberedUser, passwordSignIn = true) {
    setSchoolAccountOnly(!passwordSignIn);
    setAccount(user);
    setUsername(user.username);
    setPassword("");
    setErrors({});
    setStep("password");
    requestAnimationFrame(() => passwordRef.current?.focus());
  }

  function backToUsername(error?: string) {
    setStep("username");
    setPassword("");
    setErrors(error ? { username: error } : {});
    if (error) setTypingNew(true);
    requestAnimationFrame(() => usernameRef.current?.focus());
  }

  async function next(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      setErrors({ username: LOGIN_TEXT.usernameRequired });
      usernameRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const user = await apiPost<RememberedUser & { password_sign_in?: boolean }>("/api/check-user", { username: name });
      goToPassword({ username: user.username, initials: user.initials, color: user.color }, user.password_sign_in !== false);
    } catch (error) {
      const { place, message } = placeLoginError(error);
      setErrors(place === "username" ? { username: message } : { form: message });
    } finally {
      setBusy(false);
    }
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors({ password: LOGIN_TEXT.passwordRequired });
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await onSignIn(username.trim(), password);
      if (account && (remember || remembered.some((u) => u.username === account.username)))
        rememberUser(account);
    } catch (error) {
      const { place, message } = placeLoginError(error);
      if (place === "username") backToUsername(message);
      else setErrors({ [place]: message });
      if (place === "password") {
        setPassword("");
        passwordRef.current?.focus();
      }
    } finally {
      setBusy(false);
    }
  }

  const formError = errors.form && (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
      {errors.form}
    </p>
  );

  const chosenAccount = account && (
    <div className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5">
      <Avatar initials={account.initials} color={account.color} size="sm" />
      <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{account.username}</span>
      <Button variant="ghost" size="sm" onClick={() => backToUsername()}>
        <ArrowLeft aria-hidden className="size-4" />
        Change
      </Button>
    </div>
  );

  if (step === "password" && account && schoolAccountOnly) {
    return (
      <div className="flex flex-col gap-5">
        {chosenAccount}
        <p role="status" className="rounded-md bg-indigo-50 px-3 py-2 text-sm text-indigo-900 ring-1 ring-indigo-200">
          This account signs in with its school account: use the button below.
        </p>
      </div>
    );
  }

  if (step === "password" && account) {
    return (
      <form onSubmit={signIn} noValidate className="flex flex-col gap-5">
        {chosenAccount}
        {/* Lets password managers pair the password with the account. */}
        <input type="text" name="username" autoComplete="username" value={account.username} readOnly hidden />
        <TextField
          ref={passwordRef}
          label="Password"
          name="password"
          type={showPassword ? "text" : "password"}
          autoComplete="current-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setErrors({});
          }}
          error={errors.password}
          autoFocus
          trailing={
            <IconButton
              label={showPassword ? "Hide password" : "Show password"}
              icon={showPassword ? <EyeOff className="size-4" /> : <Eye className="size-4" />}
              size="sm"
              noTooltip
              onClick={() => setShowPassword((s) => !s)}
            />
          }
        />
        {formError}
        <Button type="submit" size="lg" loading={busy} className="w-full">
          Sign In
        </Button>
      </form>
    );
  }

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
            Use another account
          </Button>
        </>
      ) : (
        <form onSubmit={next} noValidate className="flex flex-col gap-5">
          <TextField
            ref={usernameRef}
            label="Email or Student Number"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={username}
            onChange={(e) => {
              setUsername(e.target.value);
              setErrors({});
            }}
            error={errors.username}
            autoFocus
          />
          <Checkbox label="Remember me" checked={remember} onCheckedChange={setRemember} />
          {formError}
          <Button type="submit" size="lg" loading={busy} className="w-full">
            Next
          </Button>
          {remembered.length > 0 && (
            <Button variant="ghost" onClick={() => setTypingNew(false)}>
              Back to remembered accounts
            </Button>
          )}
        </form>
      )}
    </div>
  );
}
