"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { PASSWORD_CONFIRM_FAILED } from "@/components/ui/password-confirm-dialog";
import { useAction } from "@/components/ui/use-action";
import { ApiClientError, apiPost } from "@/lib/api/request.client";
import type { CreatedToken } from "@/lib/api-tokens/answers";
import { apiTokenBody } from "@/lib/api-tokens/schemas";

export const TOKENS_KEY = "/api/api-tokens";

/** POST /api/api-tokens's answer: the token itself, shown once. */
export type { CreatedToken };

/** The expiry choices: a number of days, or a date typed in. */
export const LIFETIMES = { "30 days": 30, "90 days": 90, "1 year": 365, "Until a date": null } as const;
export type Lifetime = keyof typeof LIFETIMES;
export const LIFETIME_NAMES = Object.keys(LIFETIMES) as Lifetime[];

/**
 * The create form's values: the request's body, with the expiry as the select shows it. The route's
 * own rules check name, scopes and password; a date is asked for only when "Until a date" is chosen.
 */
const { name, scopes, password, expires_on: expiresOn } = apiTokenBody.shape;
const tokenForm = z
  .object({
    name,
    scopes,
    password,
    lifetime: z.enum(LIFETIME_NAMES as [Lifetime, ...Lifetime[]]),
    expires_on: z.string(),
  })
  .superRefine((values, context) => {
    if (LIFETIMES[values.lifetime] !== null) return;
    const checked = expiresOn.safeParse(values.expires_on);
    if (!checked.success)
      context.addIssue({ code: "custom", path: ["expires_on"], message: checked.error.issues[0]!.message });
  });
export type TokenFormValues = z.infer<typeof tokenForm>;
const EMPTY: TokenFormValues = {
  name: "",
  scopes: ["reports:read"],
  password: "",
  lifetime: "1 year",
  expires_on: "",
};

/** The request's body of the form's values. */
function bodyOf({ lifetime, expires_on, ...values }: TokenFormValues) {
  const days = LIFETIMES[lifetime];
  return { ...values, ...(days === null ? { expires_on } : { expires_in_days: days }) };
}

/** The create form, its Create (a wrong password and the server's 422 said by their fields), and the dialog's opening and closing. */
export function useCreateToken(
  onOpenChange: (open: boolean) => void,
  onCreated: (created: CreatedToken) => void,
) {
  const form = useForm<TokenFormValues>({ resolver: zodResolver(tokenForm), defaultValues: EMPTY });

  function change(next: boolean) {
    if (!next) form.reset(EMPTY);
    onOpenChange(next);
  }

  const create = useAction(
    async (values: TokenFormValues) => {
      const result = await apiPost<CreatedToken>(TOKENS_KEY, bodyOf(values));
      form.reset(EMPTY);
      onCreated(result);
    },
    {
      failed: "The token could not be created.",
      handled: (failure) => {
        if (!(failure instanceof ApiClientError)) return false;
        if (failure.status === 401 && failure.fieldError("password")) {
          form.resetField("password");
          form.setError(
            "password",
            { type: "server", message: PASSWORD_CONFIRM_FAILED },
            { shouldFocus: true },
          );
          return true;
        }
        if (failure.status !== 422) return false;
        for (const [path, messages] of Object.entries(failure.errors)) {
          const field = path.split(".")[0]!;
          const shown = field === "expires_in_days" ? "lifetime" : field;
          if (shown in EMPTY)
            form.setError(shown as keyof TokenFormValues, {
              type: "server",
              message: messages[0] ?? failure.message,
            });
        }
        return true;
      },
    },
  );

  return { form, saving: create.busy, change, submit: form.handleSubmit((values) => create.run(values)) };
}
