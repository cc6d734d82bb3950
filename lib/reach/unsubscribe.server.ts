import "server-only";
import type { Db } from "@/db";
import { deleteOptOut, insertOptOut, optOutsOf } from "@/db/queries/outbox";
import { ApiError } from "@/lib/api/errors.server";
import type { PreferenceKind } from "@/lib/settings/notification-settings";
import { readUnsubscribeToken } from "./links.server";

/**
 * The unsubscribe link (RFC 8058 one-click, and the page the email's footer opens): a token signed by
 * this server names one address and one preference kind (lib/reach/links.server.ts); turning that kind
 * off or on again is all it can do. No sign-in, so a guardian (who has no account) can use it too.
 */

/** What each kind is, in the sentence "You will no longer get … at …". */
export const UNSUBSCRIBE_WHAT: Record<PreferenceKind, string> = {
  reminders: "reminders to choose a Focus Block teacher",
  changes: "notices when someone changes a Focus Block, and why",
  digest: "morning lists and weekly Focus Block summaries",
};

export interface UnsubscribeState {
  address: string;
  kind: PreferenceKind;
  /** "morning lists and weekly Focus Block summaries". */
  what: string;
  /** Turned off for this address now. */
  unsubscribed: boolean;
  message: string;
}

export const INVALID_UNSUBSCRIBE_LINK =
  "This unsubscribe link is not valid: it may have been cut short or changed. Open the link from the email again; nothing was changed.";

async function subjectOf(db: Db, token: string) {
  const subject = await readUnsubscribeToken(db, token);
  if (!subject) throw new ApiError(422, "unsubscribe_link_invalid", INVALID_UNSUBSCRIBE_LINK);
  return { address: subject.address.trim().toLowerCase(), kind: subject.kind };
}

const present = (address: string, kind: PreferenceKind, unsubscribed: boolean): UnsubscribeState => ({
  address,
  kind,
  what: UNSUBSCRIBE_WHAT[kind],
  unsubscribed,
  message: unsubscribed
    ? `You will no longer get ${UNSUBSCRIBE_WHAT[kind]} at ${address}.`
    : `You will get ${UNSUBSCRIBE_WHAT[kind]} at ${address} again.`,
});

/** What a token names and whether it is off now (the page), or null when the token is not ours. */
export async function unsubscribeState(db: Db, token: string): Promise<UnsubscribeState | null> {
  const subject = await readUnsubscribeToken(db, token);
  if (!subject) return null;
  const address = subject.address.trim().toLowerCase();
  const off = (await optOutsOf(db, "email", address)).includes(subject.kind);
  return present(address, subject.kind, off);
}

/** POST /api/unsubscribe?token=: turns the kind off for the address (once; a second time changes nothing). */
export async function unsubscribe(db: Db, token: string): Promise<UnsubscribeState> {
  const { address, kind } = await subjectOf(db, token);
  await insertOptOut(db, "email", address, kind);
  return present(address, kind, true);
}

/** DELETE /api/unsubscribe?token=: undoes it (the kind is sent to the address again). */
export async function resubscribe(db: Db, token: string): Promise<UnsubscribeState> {
  const { address, kind } = await subjectOf(db, token);
  await deleteOptOut(db, "email", address, kind);
  return present(address, kind, false);
}
