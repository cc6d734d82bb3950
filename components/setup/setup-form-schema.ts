import { z } from "zod";
import { newPasswordLength, PASSWORD_FORM_MESSAGES } from "@/lib/auth/password-rules";
import { setupBody } from "@/lib/setup/schemas";

/** The setup page's form: the request without its token, plus the password typed twice. */
export const setupForm = setupBody
  .omit({ token: true })
  .extend({
    password: newPasswordLength,
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ["confirmation"],
    error: PASSWORD_FORM_MESSAGES.mismatch,
  });
export type SetupFormInput = z.input<typeof setupForm>;
export type SetupFormValues = z.output<typeof setupForm>;
