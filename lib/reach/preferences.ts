import { z } from "zod";
import { PREFERENCE_KINDS, type PreferenceKind } from "@/lib/settings/notification-settings";

/**
 * The Notifications panel's shapes, shared by the routes (GET/PUT /api/user/notification-preferences,
 * POST/DELETE /api/push/subscriptions) and the screen. Pure.
 */
export const PREFERENCE_CHANNELS = ["email", "push"] as const;
export type PreferenceChannel = (typeof PREFERENCE_CHANNELS)[number];

/** Each kind on or off on one channel (a record over every kind: all of them are always sent). */
const channelPreferences = z.record(z.enum(PREFERENCE_KINDS), z.boolean());
export type ChannelPreferences = z.infer<typeof channelPreferences>;

/** GET /api/user/notification-preferences: what is on, per channel and kind, and why a switch is locked. */
export const notificationPreferencesAnswer = z.object({
  email: channelPreferences,
  push: channelPreferences,
  /** Kinds the school sends to everyone (setting mandatory-notifications): always on, cannot be turned off. */
  mandatory: z.array(z.enum(PREFERENCE_KINDS)),
  /** Where email goes (null: the account has none, so no email is sent). */
  email_address: z.string().nullable(),
  /** Whether this server sends email at all (SMTP_URL). */
  email_configured: z.boolean(),
  /** How many of the person's devices have push turned on. */
  devices: z.number(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesAnswer>;

/** Why a switch is locked (the screen beside it, and the 422 of a PUT that tries to turn it off). */
export const MANDATORY_MESSAGES: Record<PreferenceKind, string> = {
  reminders: "Your school requires reminders to choose a teacher, so they cannot be turned off.",
  changes: "Your school requires notices when someone changes your Focus Block, so they cannot be turned off.",
  digest: "Your school requires the morning list and weekly summaries, so they cannot be turned off.",
};

const channelUpdate = z.strictObject(
  Object.fromEntries(PREFERENCE_KINDS.map((k) => [k, z.boolean().optional()])) as Record<PreferenceKind, z.ZodOptional<z.ZodBoolean>>,
);

/** PUT: any of the switches (the screen sends the one that changed; a client may send them all). */
export const notificationPreferencesBody = z.strictObject({
  email: channelUpdate.optional(),
  push: channelUpdate.optional(),
});
export type NotificationPreferencesBody = z.infer<typeof notificationPreferencesBody>;

/** The bytes a base64url text holds (no Buffer: the screen imports this module too). */
const decodedLength = (value: string) => Math.floor((value.replace(/=+$/, "").length * 3) / 4);

/** A key as browsers give it: base64url (RFC 4648 §5), padding allowed, of a bounded length. */
const base64url = (bytes: (n: number) => boolean, message: string) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Must be base64url.")
    .refine((value) => bytes(decodedLength(value)), message);

/** Hosts a push service never has: a device's endpoint names its browser's push service on the internet. */
function isPushServiceUrl(value: string): boolean {
  // URL() drops tabs and line breaks silently: refuse them (and spaces) before it can.
  if (/[\s\u0000-\u001f\u007f]/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  if (url.protocol !== "https:" || url.username || url.password) return false;
  if (url.port !== "" && url.port !== "443") return false;
  if (!host.includes(".") || host.startsWith("[") || /^[\d.]+$/.test(host)) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|lan|home\.arpa)$/.test(host);
}

export const PUSH_ENDPOINT_MESSAGE = "Must be the https address of a browser's push service.";

const endpoint = z.string().trim().min(1).max(1000).refine(isPushServiceUrl, PUSH_ENDPOINT_MESSAGE);

/** POST /api/push/subscriptions: a browser's PushSubscription.toJSON() (expirationTime is ignored). */
export const pushSubscriptionBody = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and the 16-byte auth secret (RFC 8291).
    p256dh: base64url((n) => n === 65, "Must be a 65-byte P-256 public key."),
    auth: base64url((n) => n >= 16 && n <= 32, "Must be a 16-byte secret."),
  }),
  expirationTime: z.number().nullable().optional(),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** DELETE /api/push/subscriptions: this device's endpoint. */
export const pushEndpointBody = z.object({
  endpoint: z.string().trim().min(1).max(1000).regex(/^[^\s\u0000-\u001f\u007f]+$/, PUSH_ENDPOINT_MESSAGE),
});
