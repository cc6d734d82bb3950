import type { PreferenceKind } from "@/lib/settings/notification-settings";

/**
 * The kinds of message Flexblock sends by email and push (outbox.kind), and the preference that turns
 * each off. A password link and the administrator's test message have none: they are always sent and
 * carry no unsubscribe link.
 */
export const MESSAGE_KINDS = {
  not_chosen: { preference: "reminders", label: "reminders to choose a teacher" },
  moved: { preference: "changes", label: "notices when someone changes your Focus Block" },
  teacher_digest: { preference: "digest", label: "the morning list of who is coming" },
  guardian_digest: { preference: "digest", label: "the weekly Focus Block summary" },
  teacher_message: { preference: "changes", label: "messages from your teachers about a Focus Block" },
  request_released: { preference: "changes", label: "notices when a student chooses instead of your request" },
  password_reset: { preference: null, label: "password reset links" },
  test: { preference: null, label: "test messages" },
  roster_failed: { preference: null, label: "notices that the roster sync from the SIS failed" },
} as const satisfies Record<string, { preference: PreferenceKind | null; label: string }>;

export type MessageKind = keyof typeof MESSAGE_KINDS;

export const isMessageKind = (kind: string): kind is MessageKind => Object.hasOwn(MESSAGE_KINDS, kind);

export const preferenceOf = (kind: MessageKind): PreferenceKind | null => MESSAGE_KINDS[kind].preference;

/** What a preference kind is, as the unsubscribe page and the Notifications panel say it. */
export const PREFERENCE_LABELS: Record<PreferenceKind, string> = {
  reminders: "Reminders to choose a teacher",
  changes: "When someone changes my Focus Block, and why",
  digest: "Morning list and weekly summaries",
};

export const OUTBOX_STATUSES = ["queued", "sent", "failed", "bounced"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
