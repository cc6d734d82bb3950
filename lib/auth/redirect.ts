/**
 * Where a person may be sent after signing in: a path of this site, never another origin. Shared by
 * the login screen (?from=…) and next-auth's redirect callback.
 *
 * Browsers forgive a lot before they parse a URL: they drop tabs and newlines anywhere and read a
 * backslash as a slash, so "/\t/evil.example" and "/\\evil.example" both become "//evil.example",
 * another site. So anything with a control character or a backslash is refused outright, the value is
 * parsed with URL against our own origin, and only a result on that origin is kept, as its path.
 */
export function sameOriginPath(value: string | null | undefined, origin: string): string | null {
  if (!value) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let base: URL;
  let target: URL;
  try {
    base = new URL(origin);
    target = new URL(value, base);
  } catch {
    return null;
  }
  if (target.origin !== base.origin || target.username || target.password) return null;
  const path = `${target.pathname}${target.search}${target.hash}`;
  // A path that itself reads as protocol-relative ("//x") would leave the site once used as a URL.
  return path.startsWith("//") ? null : path;
}
