import { ApiClientError } from "@/lib/api/request.client";

/** Spec §5 and §8 (Login): the messages and where each is shown. */
export const LOGIN_TEXT = {
  usernameRequired: "A username is required to log in.",
  passwordRequired: "A password is required to log in.",
  notFound: "The user could not be found. Please check with your administrator.",
  badCredentials: "The given credentials were not correct.",
  locked: "Your account has been locked. Please contact your administrator.",
  serverError: "The server encountered an error while logging you in. Please try again.",
  tooManyAttempts: "Too many attempts. Please wait 15 minutes and try again.",
  network: "Unable to reach the server. Check your connection and try again.",
} as const;

export type LoginErrorPlace = "username" | "password" | "form";

/** 404 under the username, 401 under the password, 423, 429 and the rest on the form. */
export function placeLoginError(error: unknown): { place: LoginErrorPlace; message: string } {
  const status = error instanceof ApiClientError ? error.status : -1;
  switch (status) {
    case 404:
      return { place: "username", message: LOGIN_TEXT.notFound };
    case 401:
      return { place: "password", message: LOGIN_TEXT.badCredentials };
    case 423:
      return { place: "form", message: LOGIN_TEXT.locked };
    case 403:
      // Password sign-in is off for the account's role: the server says to use the school account.
      return { place: "form", message: (error as ApiClientError).message || LOGIN_TEXT.serverError };
    case 429:
      // The server says how long to wait: 15 minutes for a locked username, seconds for a busy address.
      return { place: "form", message: (error as ApiClientError).message || LOGIN_TEXT.tooManyAttempts };
    case 0:
      return { place: "form", message: LOGIN_TEXT.network };
    default:
      return { place: "form", message: LOGIN_TEXT.serverError };
  }
}

/**
 * The school-account exchange (POST /api/auth/sso-token) says in words which account was refused and
 * why ("The Google account … is not a Cedar Ridge account."): shown as the server wrote it.
 */
export function ssoErrorMessage(error: unknown): string {
  if (error instanceof ApiClientError && error.status >= 400 && error.status < 500 && error.message) {
    return error.message;
  }
  return placeLoginError(error).message;
}
