/** @jest-environment node */
import { and, eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { POST as requestRoute } from "@/app/api/password-reset/route";
import { POST as completeRoute } from "@/app/api/password-reset/complete/route";
import { POST as loginRoute } from "@/app/api/login/route";
import { GET as userRoute } from "@/app/api/user/route";
import { auditLog, authThrottle, outbox, passwordResets, sessions, settings, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { PASSWORD_RESET_MESSAGES, RESET_ACCOUNT_BURST, RESET_ADDRESS_BURST, RESET_ANSWER_FLOOR_MS } from "@/lib/reach/password-reset.server";
import { setClock } from "../helpers/clock";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, createStudent, createSysadmin, TEST_PASSWORD, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";
import { startSmtpServer, type TestSmtpServer } from "../helpers/smtp";

/**
 * Forgotten passwords (lib/reach/password-reset.server.ts) against a real SMTP server on loopback:
 * the link is read out of the email a person would get, and used the way the /reset-password page uses it.
 */
const state = useTestDb();
let smtp: TestSmtpServer;
const PEER_HEADER = process.env.FLEXBLOCK_PEER_HEADER!;
const NEW_PASSWORD = "violet tugboat orchard 42";
const REQUESTED = { message: PASSWORD_RESET_MESSAGES.requested };

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

beforeAll(async () => {
  smtp = await startSmtpServer();
  // Quiet hours all day long: a password link is sent anyway.
  await setSetting("quiet-hours", "00:00-23:59");
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  // eslint-disable-next-line drizzle/enforce-delete-with-where -- each test starts from an empty throttle
  await state.db.delete(authThrottle);
  await setSetting("password-reset-by-email", "staff");
});
afterEach(() => jest.useRealTimers());

async function setSetting(key: string, value: string) {
  await state.db.update(settings).set({ value }).where(eq(settings.key, key));
}

const ask = (username: unknown, address = newAddress()) =>
  call(requestRoute, { body: { username }, headers: { [PEER_HEADER]: address } });

const complete = (token: unknown, new_password: unknown = NEW_PASSWORD) => call(completeRoute, { body: { token, new_password } });

const header = (mail: ParsedMail, name: string) => mail.headerLines.find((h) => h.key === name)?.line;

/** Sends what is queued and answers the emails that arrived since `before`. */
async function deliver(before: number, expected: number) {
  await runPendingJobs(state.db);
  if (expected === 0) return [];
  return (await smtp.waitFor(before + expected)).slice(before);
}

function linkIn(mail: ParsedMail): { url: URL; token: string } {
  const match = /(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? "");
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  const url = new URL(match[1]!);
  return { url, token: url.searchParams.get("token")! };
}

const recipientOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address ?? "";

/** Asks for a link and answers the email that brought it (an earlier test's queued mail may arrive first). */
async function linkFor(username: string, address?: string) {
  const before = smtp.messages.length;
  expect(await ask(username)).toMatchObject({ status: 202, body: REQUESTED });
  await runPendingJobs(state.db);
  const to = address ?? username.trim().toLowerCase();
  for (let n = before + 1; ; n++) {
    await smtp.waitFor(n);
    const mail = smtp.messages.slice(before, n).find((m) => recipientOf(m) === to);
    if (mail) return { mail, ...linkIn(mail) };
  }
}

const signIn = (username: string, password: string) =>
  call(loginRoute, { body: { username, password }, headers: { [PEER_HEADER]: newAddress() } });

const resetsOf = (userId: number) => state.db.select().from(passwordResets).where(eq(passwordResets.user_id, userId)).orderBy(passwordResets.id);

describe("POST /api/password-reset and /complete", () => {
  it("emails a teacher a link that sets a new password once, clears the forced change and ends every session", async () => {
    const teacher = await createStaff(state.db, { email: "ruiz@school.example", first_name: "Ana", password_expired: true });
    const otherDevice = await tokenFor(state.db, teacher);
    const { mail, url, token } = await linkFor("  RUIZ@school.example ");

    expect(mail.to).toMatchObject({ value: [{ address: "ruiz@school.example" }] });
    expect(mail.subject).toBe("Reset your Flexblock password");
    expect(mail.text).toContain("Hi Ana, someone asked to reset the Flexblock password of ruiz@school.example");
    expect(mail.text).toContain("The link works once, for 30 minutes.");
    expect(url.pathname).toBe("/reset-password");
    // A password link is not something a person unsubscribes from.
    expect(header(mail, "list-unsubscribe")).toBeUndefined();
    expect(header(mail, "list-unsubscribe-post")).toBeUndefined();
    // Only the token's hash is kept.
    const [reset] = await resetsOf(teacher.user.id);
    expect(reset!.token_hash).not.toContain(token);
    expect(reset!.expires_at.getTime() - reset!.created_at.getTime()).toBe(30 * 60_000);

    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: PASSWORD_RESET_MESSAGES.changed, username: "ruiz@school.example" });

    // Every session ended; the new password signs in, the old one does not; no forced change any more.
    expect((await call(userRoute, { token: otherDevice })).status).toBe(401);
    expect(await state.db.select().from(sessions).where(eq(sessions.user_id, teacher.user.id))).toHaveLength(0);
    expect((await signIn("ruiz@school.example", TEST_PASSWORD)).status).toBe(401);
    const signedIn = await signIn("ruiz@school.example", NEW_PASSWORD);
    expect(signedIn.status).toBe(200);
    const [user] = await state.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect(user!.password_expired).toBe(false);

    // Replayed: a sentence, nothing changed.
    const again = await complete(token, "another fine password 99");
    expect(again.status).toBe(422);
    expect(again.body).toMatchObject({ code: "reset_link_invalid", message: PASSWORD_RESET_MESSAGES.used });
    expect((await signIn("ruiz@school.example", NEW_PASSWORD)).status).toBe(200);

    // The outbox no longer holds the link, and both steps are audited.
    const [row] = await state.db.select().from(outbox).where(eq(outbox.user_id, teacher.user.id));
    expect(JSON.stringify(row!.data)).not.toContain(token);
    const audits = await state.db.select().from(auditLog).where(eq(auditLog.target_user_id, teacher.user.id)).orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(["password_reset.request", "password_reset.complete"]);
  });

  it("answers the same 202 for an unknown, disabled, emailless, sysadmin or (staff only) student account, and sends nothing", async () => {
    const disabled = await createStaff(state.db, { disabled_at: new Date(Date.now() - 60_000) });
    const student = await createStudent(state.db, { email: "kim@students.example" });
    const noEmail = await createStudent(state.db);
    const sysadmin = await createSysadmin(state.db);
    const before = smtp.messages.length;
    // An unknown account's answer takes as long as one that sends a link (RESET_ANSWER_FLOOR_MS).
    const started = performance.now();
    const unknown = await ask("nobody@school.example");
    expect(performance.now() - started).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    const answers = [
      unknown,
      await ask(disabled.user.username),
      await ask(student.user.username),
      await ask(sysadmin.user.username),
    ];
    await setSetting("password-reset-by-email", "everyone");
    answers.push(await ask(noEmail.user.username));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(REQUESTED);
    }
    await deliver(before, 0);
    expect(smtp.messages.length).toBe(before);
    for (const account of [disabled, student, noEmail, sysadmin]) expect(await resetsOf(account.user.id)).toHaveLength(0);
  });

  it("sends students a link only when the school allows everyone, and nobody one when it is off", async () => {
    const student = await createStudent(state.db, { email: "lee@students.example", first_name: "Lee" });
    await setSetting("password-reset-by-email", "everyone");
    const { token } = await linkFor(student.user.username, "lee@students.example");
    expect((await complete(token)).status).toBe(200);
    expect((await signIn(student.user.username, NEW_PASSWORD)).status).toBe(200);

    await setSetting("password-reset-by-email", "off");
    const teacher = await createStaff(state.db);
    const before = smtp.messages.length;
    expect(await ask(teacher.user.username)).toMatchObject({ status: 202, body: REQUESTED });
    await deliver(before, 0);
    expect(await resetsOf(teacher.user.id)).toHaveLength(0);
  });

  it("lets an administrator reset their own password by email", async () => {
    const admin = await createAdmin(state.db, { email: "principal@school.example" });
    const { token } = await linkFor("principal@school.example");
    expect((await complete(token)).status).toBe(200);
    expect((await signIn("principal@school.example", NEW_PASSWORD)).status).toBe(200);
    expect((await resetsOf(admin.user.id))[0]!.used_at).not.toBeNull();
  });

  it("a newer link voids the older one, whose email is not sent if it had not gone yet", async () => {
    const teacher = await createStaff(state.db);
    const first = await linkFor(teacher.user.username);
    const second = await linkFor(teacher.user.username);
    const replaced = await complete(first.token);
    expect(replaced.status).toBe(422);
    expect(replaced.body.message).toBe(PASSWORD_RESET_MESSAGES.replaced);
    expect((await signIn(teacher.user.username, TEST_PASSWORD)).status).toBe(200);

    // Two asked for before the sender ran: only the newest goes out.
    const before = smtp.messages.length;
    expect((await ask(teacher.user.username)).status).toBe(202);
    const throttleFree = async () => state.db.delete(authThrottle).where(eq(authThrottle.key, `password-reset:account:${teacher.user.username}`));
    await throttleFree();
    expect((await ask(teacher.user.username)).status).toBe(202);
    const [mail] = await deliver(before, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before + 1);
    const newest = linkIn(mail!);
    expect((await complete(second.token)).body.message).toBe(PASSWORD_RESET_MESSAGES.replaced);
    expect((await complete(newest.token)).status).toBe(200);
  });

  it("an expired or forged link is a sentence and changes nothing", async () => {
    const teacher = await createStaff(state.db);
    const { token } = await linkFor(teacher.user.username);
    setClock(new Date(Date.now() + 31 * 60_000));
    const expired = await complete(token);
    expect(expired.status).toBe(422);
    expect(expired.body).toMatchObject({ code: "reset_link_invalid", message: PASSWORD_RESET_MESSAGES.expired });
    jest.useRealTimers();

    for (const forged of ["A".repeat(43), `${token.slice(0, -2)}xx`, "short", "../../etc/passwd", "a b c"]) {
      const answer = await complete(forged);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({ code: "reset_link_invalid", message: PASSWORD_RESET_MESSAGES.invalid });
    }
    expect((await signIn(teacher.user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await resetsOf(teacher.user.id))[0]!.used_at).toBeNull();
  });

  it("applies Change Password's rules to the new password, and the link stays good after a refusal", async () => {
    const teacher = await createStaff(state.db, { first_name: "Marguerite" });
    const { token } = await linkFor(teacher.user.username);
    for (const weak of ["short", "password123", teacher.user.username, "marguerite2026"]) {
      const refused = await complete(token, weak);
      expect(refused.status).toBe(422);
      expect(refused.body.errors.new_password[0]).toEqual(expect.any(String));
    }
    expect((await signIn(teacher.user.username, TEST_PASSWORD)).status).toBe(200);
    expect((await complete(token)).status).toBe(200);
  });

  it("never completes for an account disabled after the link was sent", async () => {
    const teacher = await createStaff(state.db);
    const { token } = await linkFor(teacher.user.username);
    await state.db.update(users).set({ disabled_at: new Date(Date.now() - 1000) }).where(eq(users.id, teacher.user.id));
    const locked = await complete(token);
    expect(locked.status).toBe(423);
    expect((await resetsOf(teacher.user.id))[0]!.used_at).toBeNull();
  });

  it("is throttled per account and per address, answering the same 202", async () => {
    const teacher = await createStaff(state.db);
    for (let i = 0; i < RESET_ACCOUNT_BURST + 2; i++) {
      expect(await ask(teacher.user.username)).toMatchObject({ status: 202, body: REQUESTED });
    }
    expect(await resetsOf(teacher.user.id)).toHaveLength(RESET_ACCOUNT_BURST);
    await runPendingJobs(state.db);

    const other = await createStaff(state.db);
    const address = newAddress();
    for (let i = 0; i < RESET_ADDRESS_BURST; i++) expect((await ask(`nobody${i}@school.example`, address)).status).toBe(202);
    expect(await ask(other.user.username, address)).toMatchObject({ status: 202, body: REQUESTED });
    expect(await resetsOf(other.user.id)).toHaveLength(0);
    // From another address the account still gets its link.
    expect((await ask(other.user.username)).status).toBe(202);
    expect(await resetsOf(other.user.id)).toHaveLength(1);
    const keys = (await state.db.select().from(authThrottle)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([`password-reset:address:${address}`, `password-reset:account:${other.user.username}`]));
  });

  it("refuses bad input with 400 and 422, never a 5xx", async () => {
    expect((await call(requestRoute, { rawBody: "{not json" })).status).toBe(400);
    expect((await call(completeRoute, { rawBody: "{not json" })).status).toBe(400);
    for (const username of [undefined, "", "   ", "ruiz@school.example\r\nBcc: all@school.example", "a\nb", "x".repeat(300), 42, ["a"]]) {
      const answer = await ask(username);
      expect(answer.status).toBe(422);
      expect(answer.body.errors.username).toBeDefined();
    }
    for (const [token, password] of [
      [undefined, NEW_PASSWORD],
      ["", NEW_PASSWORD],
      ["x".repeat(300), NEW_PASSWORD],
      ["A".repeat(43), ""],
      ["A".repeat(43), "p".repeat(1025)],
      [{ $ne: null }, NEW_PASSWORD],
    ]) {
      const answer = await complete(token, password);
      expect(answer.status).toBe(422);
    }
    // A hostile name is escaped in the email.
    const teacher = await createStaff(state.db, { first_name: "<script>alert(1)</script>" });
    const { mail } = await linkFor(teacher.user.username);
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
  });

  it("keeps the other accounts' links and sessions as they were", async () => {
    const a = await createStaff(state.db);
    const b = await createStaff(state.db);
    const bSession = await tokenFor(state.db, b);
    const linkA = await linkFor(a.user.username);
    const linkB = await linkFor(b.user.username);
    expect((await complete(linkA.token)).status).toBe(200);
    expect((await call(userRoute, { token: bSession })).status).toBe(200);
    const [resetB] = await state.db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.user_id, b.user.id)));
    expect(resetB).toMatchObject({ used_at: null, voided_at: null });
    expect((await complete(linkB.token)).status).toBe(200);
  });
});
