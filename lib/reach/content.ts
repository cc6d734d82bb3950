/**
 * What a message says, kind by kind (lib/reach/messages/*): built when the message is queued and kept
 * in outbox.data, so a retry sends the same words. One layout renders it as the email's HTML and plain
 * text (lib/reach/templates/email.tsx), the push notification (heading and first paragraph) and the
 * in-app message (every paragraph).
 */
import type { ShippedLocale } from "@/lib/i18n/locales";

export interface MessageContent {
  /** The email's heading and the push notification's title. */
  heading: string;
  paragraphs: string[];
  /** Lists (a morning list's blocks, a week's days). */
  sections?: { title: string; lines: string[] }[];
  /** The one thing to do, as an app path ("/student?date=2026-12-08"). */
  action?: { label: string; path: string };
  /** Why the person gets this, above the footer. */
  note?: string;
  /**
   * The language the words are in, when not English (a guardian's summary): the layout's own texts
   * (the footer, the logo's alt text) follow it.
   */
  locale?: ShippedLocale;
  /** The unsubscribe link's words in that language (English says "Stop <the kind's label>"). */
  unsubscribeLabel?: string;
}

/** A sentence ends with its full stop (the profile's reason sentences end with a memo, without one). */
export const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/** No CR or LF in what becomes a header (a subject, a name), and nothing longer than a line. */
export const oneLine = (text: string, max = 200) => text.replace(/[\r\n\t\u2028\u2029]+/g, " ").trim().slice(0, max);

/** The in-app message of a content (the inbox keeps text only, up to its 1,000 characters). */
export function inboxText(content: MessageContent): string {
  const heading = /[.!?:]$/.test(content.heading) ? content.heading : `${content.heading}:`;
  const parts = [heading, ...content.paragraphs];
  for (const section of content.sections ?? []) parts.push(`${section.title}: ${section.lines.join("; ")}`);
  return parts.join(" ").slice(0, 1000);
}
