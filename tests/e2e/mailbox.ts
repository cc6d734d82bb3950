import { expect } from "@playwright/test";

/** What the e2e mailbox (tests/mail/catcher.mjs) received, as a person would read it. */
export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  received_at: string;
}

const port = Number(process.env.E2E_PORT ?? 3200);
const MAILBOX = `http://127.0.0.1:${port + 2001}`;

export async function mailTo(address: string): Promise<CaughtMail[]> {
  const response = await fetch(`${MAILBOX}/messages?to=${encodeURIComponent(address)}`);
  return (await response.json()) as CaughtMail[];
}

/** Waits (up to 30 s: the outbox is sent by the job runner) for a message to `address` matching `subject`. */
export async function waitForMail(address: string, subject: RegExp, timeout = 30_000): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailTo(address)).reverse().find((m) => subject.test(m.subject));
        return found !== undefined;
      },
      { timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}

/** The first link in a message's plain text that starts with `path` on the app (a reset link, a choose link). */
export function linkIn(mail: CaughtMail, path: string): string {
  const match = new RegExp(`https?://[^\\s>\\]]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s>\\]]*`).exec(mail.text);
  if (!match) throw new Error(`no link to ${path} in:\n${mail.text}`);
  return match[0];
}
