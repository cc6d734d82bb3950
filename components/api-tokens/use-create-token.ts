"use client";

import { useState, type FormEvent } from "react";
import { PASSWORD_CONFIRM_FAILED } from "@/components/ui/password-confirm-dialog";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { CreatedToken } from "@/lib/api-tokens/answers";
import type { ApiScope } from "@/lib/api-tokens/scopes";

export const TOKENS_KEY = "/api/api-tokens";

/** POST /api/api-tokens's answer: the token itself, shown once. */
export type { CreatedToken };

/** The expiry choices: a number of days, or a date typed in. */
export const LIFETIMES = { "30 days": 30, "90 days": 90, "1 year": 365, "Until a date": null } as const;
export type Lifetime = keyof typeof LIFETIMES;
export const LIFETIME_NAMES = Object.keys(LIFETIMES) as Lifetime[];

/** The create form's fields, its errors by field (a wrong password, the server's 422), and Create. */
export function useCreateToken(
  onOpenChange: (open: boolean) => void,
  onCreated: (created: CreatedToken) => void,
) {
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiScope[]>(["reports:read"]);
  const [password, setPassword] = useState("");
  const [lifetime, setLifetime] = useState<Lifetime>("1 year");
  const [until, setUntil] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});

  function reset() {
    setName("");
    setScopes(["reports:read"]);
    setPassword("");
    setLifetime("1 year");
    setUntil("");
    setErrors({});
  }

  function change(next: boolean) {
    if (!next) reset();
    onOpenChange(next);
  }

  const create = useAction(
    async () => {
      const days = LIFETIMES[lifetime];
      const expiry = days === null ? { expires_on: until } : { expires_in_days: days };
      const result = await apiPost<CreatedToken>(TOKENS_KEY, { name, scopes, ...expiry, password });
      reset();
      onCreated(result);
    },
    {
      failed: "The token could not be created.",
      // A wrong password and the fields' own errors are said beside the fields.
      handled: (failure) => {
        if (!(failure instanceof ApiClientError)) return false;
        if (failure.status === 401 && failure.fieldError("password")) {
          setErrors({ password: PASSWORD_CONFIRM_FAILED });
          setPassword("");
          return true;
        }
        if (failure.status !== 422) return false;
        setErrors(
          Object.fromEntries(
            Object.entries(failure.errors).map(([k, v]) => [k.split(".")[0]!, v[0] ?? failure.message]),
          ),
        );
        return true;
      },
    },
  );
  const saving = create.busy;

  async function submit(event: FormEvent) {
    event.preventDefault();
    await create.run();
  }

  return {
    /** What is typed and chosen, and each field's setter. */
    fields: { name, setName, scopes, setScopes, password, setPassword, lifetime, setLifetime, until, setUntil },
    /** The errors by field (a wrong password, the server's 422) and whether Create is under way. */
    status: { errors, saving },
    /** The dialog opening or closing (closing clears the form), and Create. */
    actions: { change, submit },
  };
}
