/**
 * The school_logo setting in both clients' terms (spec §7 is a contract the original client still reads). The original
 * client reads `school_logo.value` as a file name under `/static/images/logos/`; ours shows the URL in
 * the added `school_logo.url`. The setting stores the file name (`logo-12.png`: the logo upload's id
 * and its type); values stored before it held our URL (`/api/settings/logo?v=12`), read the same.
 * `logo` without an id names the newest logo.
 */

/** A logo file name: `logo`, `logo-<upload id>`, either with the image's extension. */
export const LOGO_FILE = /^logo(?:-(\d{1,10}))?(?:\.(?:png|jpg|jpeg|webp))?$/;
/** Our earlier stored form, still accepted: `/api/settings/logo` or `/api/settings/logo?v=<upload id>`. */
const LOGO_URL = /^\/api\/settings\/logo(?:\?v=(\d{1,10}))?$/;

/** Where the original client looks for the file name. */
export const STATIC_LOGO_DIRECTORY = "/static/images/logos/";

const EXTENSIONS: Record<string, string> = { "image/png": "png", "image/jpeg": "jpg", "image/webp": "webp" };

/**
 * What a logo may be, checked by the Settings screen before it uploads (from the browser's type) and by
 * POST /api/settings/logo (from the file's bytes, then its pixels): the same limits and texts.
 */
export const LOGO_TYPES: readonly string[] = Object.keys(EXTENSIONS);
export const MAX_LOGO_BYTES = 1024 * 1024;
/** The longest side a logo may have in pixels (a 30,000 × 30,000 PNG of 1 MB was accepted without it). */
export const MAX_LOGO_SIDE = 4096;

export const LOGO_MESSAGES = {
  missing: "Choose an image file to upload.",
  tooLarge: "The logo must be at most 1 MB.",
  wrongType: "The logo must be a PNG, JPEG or WebP image.",
  unreadable: "The logo could not be read as an image: save it again as a PNG, JPEG or WebP file.",
  tooManyPixels: `The logo must be at most ${MAX_LOGO_SIDE} × ${MAX_LOGO_SIDE} pixels.`,
} as const;

/** The stored value of a newly uploaded logo. */
export const logoFileName = (uploadId: number, contentType: string) =>
  `logo-${uploadId}.${EXTENSIONS[contentType] ?? "png"}`;

/**
 * What a stored (or sent) school_logo names: "none" (empty), the newest logo (id null), or an upload
 * id; undefined when it is neither a logo file name nor our URL.
 */
export function readLogoValue(value: string): { id: number | null } | "none" | undefined {
  const text = value.trim();
  if (text === "") return "none";
  const match = LOGO_FILE.exec(text) ?? LOGO_URL.exec(text);
  if (!match) return undefined;
  const id = match[1] === undefined ? null : Number(match[1]);
  return id === null || (Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647) ? { id } : undefined;
}

/** The stored form of a sent value (a file name kept as sent; our URL as `logo-<id>`), or null when it is neither. */
export function storedLogoValue(value: string): string | null {
  const read = readLogoValue(value);
  if (read === undefined) return null;
  if (read === "none") return "";
  const text = value.trim();
  if (LOGO_FILE.test(text)) return text;
  return read.id === null ? "logo" : `logo-${read.id}`;
}

/** `value`: the file name the original client expects; `url`: where our client shows the logo from. */
export function presentLogo(stored: string): { value: string; url: string } {
  const read = readLogoValue(stored);
  if (read === undefined || read === "none") return { value: "", url: "" };
  const value = storedLogoValue(stored)!;
  return { value, url: read.id === null ? "/api/settings/logo" : `/api/settings/logo?v=${read.id}` };
}
