/**
 * What an integration's API token may be allowed to do. A route lists the scopes that let a token in
 * (`tokenScopes` in its route() declaration); a token is refused everywhere else.
 */
export const API_SCOPES = {
  "reports:read": "Read attendance reports and the SIS export.",
  "roster:write": "Import the roster from the school information system (OneRoster bundles).",
} as const;

export type ApiScope = keyof typeof API_SCOPES;

export const API_SCOPE_NAMES = Object.keys(API_SCOPES) as [ApiScope, ...ApiScope[]];

/** Integration tokens look like `fbk_` + 43 base64url characters (32 random bytes). */
export const API_TOKEN_PREFIX = "fbk_";
export const API_TOKEN_LENGTH = API_TOKEN_PREFIX.length + 43;

export function isApiToken(token: string): boolean {
  return token.length === API_TOKEN_LENGTH && token.startsWith(API_TOKEN_PREFIX);
}
