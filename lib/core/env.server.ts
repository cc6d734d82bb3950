import "server-only";
import fs from "node:fs";
import { z } from "zod";

/** Every environment variable the server reads, validated once at start (listed in .env.example). */
const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for the embedded database)")
    .optional(),
  PGLITE_DIR: z.string().min(1).default("./data/pglite"),
  SEED_DEMO: z.enum(["0", "1"]).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(24),
  /** 1: the pickers also offer the pseudo-locale en-XA (lib/i18n/pseudo.ts), for development and the tests. */
  FLEXBLOCK_PSEUDO_LOCALE: z.enum(["0", "1"]).default("0"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  NEXTAUTH_URL: z.url().optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /**
   * The school's Google Workspace domains (comma-separated, e.g. "cedarridge.ca,students.cedarridge.ca"):
   * required with GOOGLE_CLIENT_ID; an account of any other domain (or a personal Gmail) is refused.
   */
  GOOGLE_WORKSPACE_DOMAINS: z
    .string()
    .regex(/^\s*[a-z0-9.-]+\.[a-z]{2,}\s*(,\s*[a-z0-9.-]+\.[a-z]{2,}\s*)*$/i, "must be a comma-separated list of domains")
    .optional(),
  /** The sign-in button's name for the OpenID Connect provider ("Continue with …"). */
  OIDC_NAME: z.string().max(40).default("School account"),
  AZURE_AD_CLIENT_ID: z.string().optional(),
  AZURE_AD_CLIENT_SECRET: z.string().optional(),
  AZURE_AD_TENANT_ID: z.string().optional(),
  /**
   * Proxies whose X-Forwarded-For is believed (comma-separated addresses or CIDR ranges, or
   * "loopback"). Default none: the socket's own address is the client's.
   */
  /**
   * Outgoing mail (lib/reach): smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465. Unset:
   * nothing is sent by email (the screens say so). SMTP_URL_FILE: the same URL in a file (a container secret).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL, such as smtp://user:password@smtp.example.org:587")
    .optional(),
  /** The sender of every email: `"Cedar Ridge Flexblock" <flexblock@school.example>` or a bare address. */
  MAIL_FROM: z
    .string()
    .regex(
      /^\s*(?:"[^"\r\n]{1,100}"\s*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s"<>\r\n]{1,100}\s*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)\s*$/,
      'must be an address, or a name and an address such as "Cedar Ridge Flexblock" <flexblock@school.example>',
    )
    .optional(),
  /**
   * The key the roster source's client secret is encrypted with (AES-256-GCM): 32 bytes, base64 or hex.
   * Unset: a key derived (HKDF) from the server's own signing secret in the database (README, rostering).
   */
  ROSTER_SECRET_KEY: z
    .string()
    .trim()
    .refine((v) => rosterKeyBytes(v) !== null, "must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)")
    .optional(),
  TRUSTED_PROXIES: z
    .string()
    .regex(/^[\w.:/, ]*$/, "must be a comma-separated list of addresses or CIDR ranges")
    .optional(),
});

/** ROSTER_SECRET_KEY's 32 bytes (64 hex digits, or base64 / base64url), else null. */
export function rosterKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, "base64") : null;
  return bytes && bytes.length === 32 ? bytes : null;
}

/** Microsoft's shared tenants: any organisation's (or anyone's) account. A school names its own tenant. */
const SHARED_TENANTS = ["common", "organizations", "consumers"];

const checkedEnvSchema = envSchema.superRefine((config, ctx) => {
  if (config.GOOGLE_CLIENT_ID && !config.GOOGLE_WORKSPACE_DOMAINS) {
    ctx.addIssue({
      code: "custom",
      path: ["GOOGLE_WORKSPACE_DOMAINS"],
      message:
        "required with GOOGLE_CLIENT_ID: the school's Google Workspace domains (such as cedarridge.ca), or any Google account could try to sign in",
    });
  }
  if (!config.AZURE_AD_CLIENT_ID) return;
  const tenant = config.AZURE_AD_TENANT_ID?.trim().toLowerCase();
  const guid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  if (!tenant || SHARED_TENANTS.includes(tenant) || !guid.test(tenant)) {
    ctx.addIssue({
      code: "custom",
      path: ["AZURE_AD_TENANT_ID"],
      message:
        "required with AZURE_AD_CLIENT_ID: the school's own tenant id, a GUID such as 0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23 (not common, organizations, consumers or a domain name), or any Microsoft account could sign in",
    });
  }
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

/** Tests only: forget the parsed environment, so a test that changes process.env is read again. */
export function resetEnvCache() {
  cached = undefined;
}

/** `NAME_FILE` (a container secret): the value of NAME read from that file when NAME itself is not set. */
function readSecretFile(source: Record<string, string | undefined>, name: string) {
  const file = source[`${name}_FILE`];
  if (source[name] || !file) return;
  try {
    source[name] = fs.readFileSync(file, "utf8").trim();
  } catch (error) {
    throw new Error(
      `Invalid environment configuration:\n  ${name}_FILE: cannot read ${file} (${(error as Error).message})\nSee .env.example.`,
    );
  }
}

export function env(): Env {
  if (cached) return cached;
  const source = Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== ""));
  // Container secrets: a URL (with its password) in a file rather than in the environment.
  readSecretFile(source, "DATABASE_URL");
  readSecretFile(source, "SMTP_URL");
  const parsed = checkedEnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}\nSee .env.example.`);
  }
  cached = parsed.data;
  return cached;
}
