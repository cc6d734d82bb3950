import { z } from "zod";
import { MAX_EMAIL_ADDRESS, mailboxAddress } from "@/lib/api/email-address";
import { idOf, personName, text } from "@/lib/api/schemas";
import { LOCALES } from "@/lib/i18n/locales";

/**
 * A family contact's fields (routes, the CSV import's guardian columns and the profile's form check
 * the same way). An address is one mailbox: ASCII, no spaces, no line breaks or other control
 * characters (checked before trimming, so "a@b.example\r\nBcc: …" is refused, not cut), at most 254
 * characters; stored lower-cased.
 */
export const GUARDIAN_EMAIL_MESSAGE = "Enter a valid email address, such as parent@example.com.";
export const MAX_GUARDIAN_EMAIL = MAX_EMAIL_ADDRESS;

/** The address as stored, or null when it is not one a message may go to (lib/api/email-address.ts). */
export const guardianAddress = mailboxAddress;

export const guardianEmail = z
  .string({ error: GUARDIAN_EMAIL_MESSAGE })
  .max(1000, { error: `An email address has at most ${MAX_GUARDIAN_EMAIL} characters.` })
  .transform((value, ctx) => {
    const address = guardianAddress(value);
    if (address === null) {
      ctx.addIssue({
        code: "custom",
        message: value.trim().length > MAX_GUARDIAN_EMAIL ? `An email address has at most ${MAX_GUARDIAN_EMAIL} characters.` : GUARDIAN_EMAIL_MESSAGE,
      });
      return z.NEVER;
    }
    return address;
  });

/** What the school calls them: parent, guardian, relative (OneRoster's), or its own word. */
export const GUARDIAN_RELATIONSHIPS = ["parent", "guardian", "relative"] as const;

export const guardianBody = z.object({
  name: personName("The name", 100),
  email: guardianEmail,
  relationship: text({ label: "The relationship", max: 40 })
    .optional()
    .transform((value) => value || "guardian"),
  /** The language their emails are written in; null or absent: the school's default language. */
  locale: z.enum(LOCALES, { error: "Choose one of the languages Flexblock offers." }).nullable().optional(),
});
export type GuardianBody = z.infer<typeof guardianBody>;

export const guardianParams = z.object({ id: idOf("student id"), guardianId: idOf("family contact id") });
export const studentGuardiansParams = z.object({ id: idOf("student id") });

export type { GuardianView } from "./answers";
