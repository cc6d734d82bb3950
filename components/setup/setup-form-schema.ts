import { z } from "zod";
import { MIN_PASSWORD_LENGTH, PASSWORD_FORM_MESSAGES } from "@/components/auth/password-rules";
import { setupBody } from "@/lib/setup/schemas";

/** The setup page's form: the request without its token, plus the password typed twice. */
export const setupForm = setupBody
  .omit({ token: true })
  .extend({
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, PASSWORD_FORM_MESSAGES.tooShort)
      .max(1024, "That password is too long."),
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ["confirmation"],
    error: PASSWORD_FORM_MESSAGES.mismatch,
  });
export type SetupFormInput = z.input<typeof setupForm>;
export type SetupFormValues = z.output<typeof setupForm>;
