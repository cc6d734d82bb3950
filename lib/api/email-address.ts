import { z } from "zod";

/**
 * One mailbox a message may go to (a family contact's address, from a form, a CSV cell or a roster):
 * ASCII, no spaces, no line breaks or other control characters (checked before trimming, so
 * "a@b.example\r\nBcc: …" is refused rather than cut), at most 254 characters. Pure.
 */
export const MAX_EMAIL_ADDRESS = 254;

const CONTROL = /[\u0000-\u001f\u007f\u2028\u2029]/;
const mailbox = z.email();

/** The address lower-cased and trimmed, or null when it is not one a message may go to. */
export function mailboxAddress(value: string): string | null {
  if (CONTROL.test(value)) return null;
  const address = value.trim().toLowerCase();
  if (address.length === 0 || address.length > MAX_EMAIL_ADDRESS || /\s/.test(address)) return null;
  return mailbox.safeParse(address).success ? address : null;
}
