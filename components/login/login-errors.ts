import { ApiClientError } from "@/lib/api/request.client";
import type { Messages } from "@/lib/i18n/catalogues";

/** The login screen's own messages (the "login" catalogue's `errors`), by key. */
export type LoginErrorKey = keyof Messages["login"]["errors"];

/** The login screen's words for a message key, in the page's language (useLoginErrorWords). */
export type SayLoginError = (key: LoginErrorKey) => string;

export type LoginErrorPlace = "username" | "password" | "form";

/**
 * Spec §5 and §8 (Login): where each message is shown. 404 "The user could not be found. Please check
 * with your administrator." under the username, 401 "The given credentials were not correct." under the
 * password; 423 "Your account has been locked. Please contact your administrator.", 429 and the rest on
 * the form.
 */
export function placeLoginError(
  error: unknown,
  say: SayLoginError,
): { place: LoginErrorPlace; message: string } {
  const status = error instanceof ApiClientError ? error.status : -1;
  switch (status) {
    case 404:
      return { place: "username", message: say("notFound") };
    case 401:
      return { place: "password", message: say("badCredentials") };
    case 423:
      return { place: "form", message: say("locked") };
    case 403:
      // Password sign-in is off for the account's role: the server says to use the school account.
      return { place: "form", message: (error as ApiClientError).message || say("serverError") };
    case 429:
      // The server says how long to wait: 15 minutes for a locked username, seconds for a busy address.
      return { place: "form", message: (error as ApiClientError).message || say("tooManyAttempts") };
    case 0:
      return { place: "form", message: say("network") };
    default:
      return { place: "form", message: say("serverError") };
  }
}

/**
 * The school-account exchange (POST /api/auth/sso-token) says in words which account was refused and
 * why ("The Google account … is not a Cedar Ridge account."): shown as the server wrote it.
 */
export function ssoErrorMessage(error: unknown, say: SayLoginError): string {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return placeLoginError(error, say).message;
}
