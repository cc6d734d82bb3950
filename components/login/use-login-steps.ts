"use client";

import { useRef, useState, type FormEvent } from "react";
import { useAction } from "@/components/ui/use-action";
import { apiPost } from "@/lib/api/request.client";
import type { CheckUserAnswer } from "@/lib/auth/answers";
import { rememberUser, type RememberedUser } from "@/lib/storage.client";
import { useStoredState } from "@/lib/use-stored-state.client";
import { placeLoginError } from "./login-errors";
import { useLoginErrorWords } from "./use-login-error-words";

type Step = "username" | "password";

export interface LoginErrors {
  username?: string;
  password?: string;
  form?: string;
}

/**
 * The two-step sign-in's state: the username step asks POST /api/check-user who the account is, the
 * password step signs in through `onSignIn`; each error is placed by the field it concerns.
 */
// eslint-disable-next-line max-lines-per-function -- the two steps share their state; the hook hands it on as three objects
export function useLoginSteps(onSignIn: (username: string, password: string) => Promise<unknown>) {
  const say = useLoginErrorWords();
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
  const [errors, setErrors] = useState<LoginErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);

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

  // Each error is said by the field it concerns (placeLoginError), never in a snackbar.
  const checkUser = useAction(
    async (name: string) => {
      const user = await apiPost<CheckUserAnswer>("/api/check-user", { username: name });
      goToPassword({ username: user.username, initials: user.initials, color: user.color }, user.password_sign_in !== false);
    },
    {
      handled: (error) => {
        const { place, message } = placeLoginError(error, say);
        setErrors(place === "username" ? { username: message } : { form: message });
        return true;
      },
    },
  );
  const passwordSignIn = useAction(
    async () => {
      setErrors({});
      await onSignIn(username.trim(), password);
      if (account && (remember || remembered.some((u) => u.username === account.username)))
        rememberUser(account);
    },
    {
      handled: (error) => {
        const { place, message } = placeLoginError(error, say);
        if (place === "username") backToUsername(message);
        else setErrors({ [place]: message });
        if (place === "password") {
          setPassword("");
          passwordRef.current?.focus();
        }
        return true;
      },
    },
  );
  const busy = checkUser.busy || passwordSignIn.busy;

  async function next(event: FormEvent) {
    event.preventDefault();
    const name = username.trim();
    if (!name) {
      setErrors({ username: say("usernameRequired") });
      usernameRef.current?.focus();
      return;
    }
    await checkUser.run(name);
  }

  async function signIn(event: FormEvent) {
    event.preventDefault();
    if (!password) {
      setErrors({ password: say("passwordRequired") });
      passwordRef.current?.focus();
      return;
    }
    await passwordSignIn.run();
  }

  return {
    /** Where the sign-in is: which step, whose account, what went wrong. */
    status: { step, account, schoolAccountOnly, remembered, typingNew, errors, busy },
    /** The inputs' values and setters; typing clears the shown errors. */
    fields: {
      username,
      typeUsername: (value: string) => {
        setUsername(value);
        setErrors({});
      },
      password,
      typePassword: (value: string) => {
        setPassword(value);
        setErrors({});
      },
      showPassword,
      setShowPassword,
      remember,
      setRemember,
      usernameRef,
      passwordRef,
    },
    /** Moving between the steps, and the two submits. */
    actions: { setTypingNew, goToPassword, backToUsername, next, signIn },
  };
}

export type LoginSteps = ReturnType<typeof useLoginSteps>;
