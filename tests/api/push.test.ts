/** @jest-environment node */
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { GET as pushKey } from "@/app/api/push/key/route";
import { DELETE as unsubscribe, POST as subscribe } from "@/app/api/push/subscriptions/route";
import { upsertPushSubscription } from "@/db/queries/push";
import { outbox, pushSubscriptions, settings, users } from "@/db/schema";
import { runPendingJobs } from "@/lib/jobs/runner.server";
import { notify, type Notice } from "@/lib/reach/notify.server";
import { MAX_DEVICES } from "@/lib/reach/devices.server";
import { vapidKeys } from "@/lib/reach/push.server";
import { tellMoved } from "@/lib/schedule/moved.server";
import { useTestDb } from "../helpers/db";
import { createStaff, createStudent, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

// web-push's own dependency, which decrypts what it encrypted (RFC 8188 aes128gcm).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- http_ece ships no types or ESM entry
const ece = require("http_ece") as { decrypt(body: Buffer, params: Record<string, unknown>): Buffer };

const state = useTestDb();

/**
 * A push service on loopback: web-push speaks only https, so the suite makes a self-signed certificate
 * for 127.0.0.1 (openssl) and trusts it in the global agent web-push sends through. Each request is
 * recorded; `answer` picks the status a path gets (201, the push services' "created", by default).
 */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
const received: Received[] = [];
const answer = new Map<string, number>();
let server: https.Server;
let origin: string;
let dir: string;
let savedCa: unknown;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "push-service-"));
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"),
  ], { stdio: "ignore" });
  const cert = readFileSync(join(dir, "cert.pem"));
  server = https.createServer({ key: readFileSync(join(dir, "key.pem")), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      received.push({ path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(answer.get(request.url ?? "") ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  savedCa = https.globalAgent.options.ca;
  https.globalAgent.options.ca = cert;
  await state.db.update(settings).set({ value: "" }).where(eq(settings.key, "quiet-hours"));
});
afterAll(async () => {
  https.globalAgent.options.ca = savedCa as typeof https.globalAgent.options.ca;
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** A browser's side of a subscription: its P-256 key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { ecdh, p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
}

const FCM = "https://fcm.googleapis.com/fcm/send/";
const subscription = (endpoint = `${FCM}${randomBytes(12).toString("hex")}`) => {
  const keys = browserKeys();
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
};

const movedNotice = (s: Awaited<ReturnType<typeof createStudent>>, occasion: string): Notice => ({
  to: { user_id: s.user.id, student_id: s.student.id, email: null, name: s.student.first_name },
  kind: "moved",
  occasion,
  subject: "Ms. Ruiz booked you for Tue Dec 8",
  content: {
    heading: "Ms. Ruiz booked you",
    paragraphs: ["Ms. Ruiz booked you for a Math test retake."],
    action: { label: "See your day", path: "/profile?date=2026-12-08" },
  },
});

/** A device of the student's on the loopback push service (the route refuses loopback endpoints: set directly). */
async function localDevice(userId: number, path: string): Promise<ECDH & { auth: string }> {
  const keys = browserKeys();
  await upsertPushSubscription(state.db, { user_id: userId, endpoint: `${origin}${path}`, p256dh: keys.p256dh, auth: keys.auth, user_agent: "jest" });
  return Object.assign(keys.ecdh, { auth: keys.auth });
}

describe("GET /api/push/key", () => {
  it("answers the VAPID public key every instance signs with, to anyone signed in", async () => {
    const s = await createStudent(state.db);
    const first = await call(pushKey, { token: await tokenFor(state.db, s) });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ public_key: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    expect(first.body.public_key).toBe((await vapidKeys(state.db)).publicKey);
    const teacher = await createStaff(state.db);
    expect((await call(pushKey, { token: await tokenFor(state.db, teacher) })).body).toEqual(first.body);
  });

  it("answers 401 signed out", async () => {
    expect((await call(pushKey)).status).toBe(401);
  });
});

describe("POST and DELETE /api/push/subscriptions", () => {
  it("keeps the signed-in person's device, and moves an endpoint another account had to the new one", async () => {
    const rosa = await createStudent(state.db);
    const sam = await createStudent(state.db);
    const device = subscription();
    const saved = await call(subscribe, { token: await tokenFor(state.db, rosa), body: { ...device, expirationTime: null }, headers: { "user-agent": "Chromium lab 12" } });
    expect(saved.status).toBe(201);
    expect(saved.body).toEqual({ subscribed: true, message: "Notifications are on for this device." });
    let rows = await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows).toEqual([expect.objectContaining({ user_id: rosa.user.id, p256dh: device.keys.p256dh, auth: device.keys.auth, user_agent: "Chromium lab 12" })]);

    // The lab computer's next student: the same browser's endpoint is theirs now, and only theirs.
    const again = await call(subscribe, { token: await tokenFor(state.db, sam), body: device });
    expect(again.status).toBe(201);
    rows = await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((r) => r.user_id)).toEqual([sam.user.id]);

    // Rosa cannot remove Sam's device; Sam can.
    const notHers = await call(unsubscribe, { method: "DELETE", token: await tokenFor(state.db, rosa), body: { endpoint: device.endpoint } });
    expect(notHers.status).toBe(200);
    expect(notHers.body).toEqual({ removed: false, message: "This device was not getting notifications." });
    expect(await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(1);
    const his = await call(unsubscribe, { method: "DELETE", token: await tokenFor(state.db, sam), body: { endpoint: device.endpoint } });
    expect(his.body).toEqual({ removed: true, message: "Notifications are off for this device." });
    expect(await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint))).toHaveLength(0);
  });

  it("keeps an account's ten newest devices: an eleventh replaces the oldest", async () => {
    const s = await createStudent(state.db);
    const token = await tokenFor(state.db, s);
    const devices = Array.from({ length: MAX_DEVICES + 1 }, () => subscription());
    for (const device of devices) expect((await call(subscribe, { token, body: device })).status).toBe(201);
    const left = await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, s.user.id));
    expect(left).toHaveLength(MAX_DEVICES);
    expect(left.map((r) => r.endpoint)).not.toContain(devices[0]!.endpoint);
    expect(left.map((r) => r.endpoint)).toContain(devices[MAX_DEVICES]!.endpoint);
  });

  it("lets a person with an expired password remove this device when signing out", async () => {
    const s = await createStudent(state.db, { password_expired: true });
    const device = subscription();
    await upsertPushSubscription(state.db, { user_id: s.user.id, endpoint: device.endpoint, ...device.keys, user_agent: "" });
    const token = await tokenFor(state.db, s);
    expect((await call(subscribe, { token, body: device })).status).toBe(403);
    const removed = await call(unsubscribe, { method: "DELETE", token, body: { endpoint: device.endpoint } });
    expect(removed.body.removed).toBe(true);
  });

  it.each([
    ["plain http", { endpoint: "http://fcm.googleapis.com/fcm/send/abc" }, "endpoint"],
    ["not a URL", { endpoint: "fcm send abc" }, "endpoint"],
    ["loopback", { endpoint: "https://127.0.0.1:8443/push" }, "endpoint"],
    ["localhost", { endpoint: "https://localhost/push" }, "endpoint"],
    ["an internal name", { endpoint: "https://metadata.internal/computeMetadata" }, "endpoint"],
    ["another port", { endpoint: "https://fcm.googleapis.com:8443/push" }, "endpoint"],
    ["credentials", { endpoint: "https://user:pw@fcm.googleapis.com/push" }, "endpoint"],
    ["too long", { endpoint: `${FCM}${"a".repeat(1000)}` }, "endpoint"],
    ["a CR/LF", { endpoint: `${FCM}abc\r\nX-Evil: 1` }, "endpoint"],
    ["p256dh not base64url", { keys: { p256dh: "<script>", auth: randomBytes(16).toString("base64url") } }, "keys.p256dh"],
    ["p256dh too short", { keys: { p256dh: randomBytes(32).toString("base64url"), auth: randomBytes(16).toString("base64url") } }, "keys.p256dh"],
    ["auth too long", { keys: { p256dh: browserKeys().p256dh, auth: "A".repeat(300) } }, "keys.auth"],
    ["no keys", { keys: undefined }, "keys"],
  ])("refuses %s with 422 and keeps nothing", async (_what, change, field) => {
    const s = await createStudent(state.db);
    const answer = await call(subscribe, { token: await tokenFor(state.db, s), body: { ...subscription(), ...change } });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toContain(field);
    expect(await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, s.user.id))).toHaveLength(0);
  });

  it("answers 400 to an unreadable body and 401 signed out", async () => {
    const s = await createStudent(state.db);
    expect((await call(subscribe, { token: await tokenFor(state.db, s), rawBody: "{not json" })).status).toBe(400);
    expect((await call(subscribe, { body: subscription() })).status).toBe(401);
    expect((await call(unsubscribe, { method: "DELETE", body: { endpoint: `${FCM}x` } })).status).toBe(401);
    expect((await call(unsubscribe, { method: "DELETE", token: await tokenFor(state.db, s), body: {} })).status).toBe(422);
  });
});

describe("sending a push to the device's push service", () => {
  it("posts the encrypted notification with TTL and VAPID authorization, and the device can read it", async () => {
    const s = await createStudent(state.db, { first_name: "Rosa" });
    const device = await localDevice(s.user.id, "/push/rosa");
    const before = received.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(s, "push-1")], new Date()));
    await runPendingJobs(state.db);
    const arrived = received.slice(before);
    expect(arrived).toHaveLength(1);
    const push = arrived[0]!;
    expect(push.path).toBe("/push/rosa");
    expect(push.headers.ttl).toBe(String(12 * 60 * 60));
    expect(push.headers["content-encoding"]).toBe("aes128gcm");

    // Authorization: vapid t=<JWT signed with the server's key>, k=<its public key> (RFC 8292).
    const keys = await vapidKeys(state.db);
    const match = /^vapid t=([^,]+), k=(.+)$/.exec(String(push.headers.authorization));
    expect(match?.[2]).toBe(keys.publicKey);
    const [head, claims, signature] = match![1]!.split(".");
    const payload = JSON.parse(Buffer.from(claims!, "base64url").toString()) as { aud: string; exp: number; sub: string };
    expect(payload.aud).toBe(origin);
    expect(payload.sub).toMatch(/^mailto:/);
    expect(payload.exp * 1000).toBeGreaterThan(Date.now());
    const point = Buffer.from(keys.publicKey, "base64url");
    const publicKey = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: point.subarray(1, 33).toString("base64url"), y: point.subarray(33).toString("base64url") },
      format: "jwk",
    });
    expect(verify("sha256", Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"))).toBe(true);

    // What the service worker reads (lib/pwa/sw.client.ts): title, body, and the page a tap opens.
    const plain = ece.decrypt(push.body, { version: "aes128gcm", privateKey: device, authSecret: device.auth });
    expect(JSON.parse(plain.toString("utf8"))).toEqual({
      title: "Ms. Ruiz booked you",
      body: "Ms. Ruiz booked you for a Math test retake.",
      url: "/profile?date=2026-12-08",
    });
    const [row] = await state.db.select().from(outbox).where(eq(outbox.user_id, s.user.id));
    expect(row).toMatchObject({ channel: "push", status: "sent", attempts: 1 });
    const [kept] = await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, s.user.id));
    expect(kept!.last_sent_at).toBeInstanceOf(Date);
  });

  it("writes a student's push in the student's language: French for a student who chose Français", async () => {
    const s = await createStudent(state.db, { first_name: "Luc" });
    await state.db.update(users).set({ locale: "fr-CA" }).where(eq(users.id, s.user.id));
    const device = await localDevice(s.user.id, "/push/luc");
    const staff = { title: "Ms.", first_name: "Elena", last_name: "Ruiz" };
    const before = received.length;
    await state.db.transaction((tx) =>
      tellMoved(tx, [{ student_id: s.student.id, occasion: "push-fr", change: { kind: "amended", by: staff, memo: "Sortie de classe", dates: ["2026-12-08"] } }], new Date()),
    );
    await runPendingJobs(state.db);
    const arrived = received.slice(before).filter((r) => r.path === "/push/luc");
    expect(arrived).toHaveLength(1);
    const plain = ece.decrypt(arrived[0]!.body, { version: "aes128gcm", privateKey: device, authSecret: device.auth });
    expect(JSON.parse(plain.toString("utf8"))).toEqual({
      title: "Ton bloc Focus du mardi 8 décembre a changé",
      body: "Ms. Ruiz a modifié ce bloc : Sortie de classe.",
      url: "/profile?date=2026-12-08",
    });
  });

  it.each([410, 404])("removes a subscription the push service answers %i, and sends to the device that is left", async (status) => {
    const s = await createStudent(state.db);
    answer.set(`/push/gone-${status}`, status);
    await localDevice(s.user.id, `/push/gone-${status}`);
    await localDevice(s.user.id, `/push/phone-${status}`);
    const before = received.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(s, `gone-${status}`)], new Date()));
    await runPendingJobs(state.db);
    expect(received.slice(before).map((r) => r.path).sort()).toEqual([`/push/gone-${status}`, `/push/phone-${status}`]);
    const left = await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, s.user.id));
    expect(left.map((r) => r.endpoint)).toEqual([`${origin}/push/phone-${status}`]);
    const [row] = await state.db.select().from(outbox).where(eq(outbox.user_id, s.user.id));
    expect(row).toMatchObject({ status: "sent" });
  });

  it("a device that is gone for good ends the message; a push service's 500 keeps the device and retries", async () => {
    const gone = await createStudent(state.db);
    const busy = await createStudent(state.db);
    answer.set("/push/only-gone", 410);
    answer.set("/push/busy", 500);
    await localDevice(gone.user.id, "/push/only-gone");
    await localDevice(busy.user.id, "/push/busy");
    await state.db.transaction((tx) => notify(tx, [movedNotice(gone, "g"), movedNotice(busy, "b")], new Date()));
    await runPendingJobs(state.db);
    const [goneRow] = await state.db.select().from(outbox).where(eq(outbox.user_id, gone.user.id));
    expect(goneRow).toMatchObject({ status: "failed", last_error: "Every device had unsubscribed." });
    expect(await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, gone.user.id))).toHaveLength(0);
    const [busyRow] = await state.db.select().from(outbox).where(eq(outbox.user_id, busy.user.id));
    expect(busyRow).toMatchObject({ status: "queued", attempts: 1 });
    expect(busyRow!.last_error).toMatch(/500/);
    expect(await state.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.user_id, busy.user.id))).toHaveLength(1);
  });

  it("sends no push of a kind the person turned off for push", async () => {
    const { insertOptOut } = await import("@/db/queries/outbox");
    const s = await createStudent(state.db);
    await localDevice(s.user.id, "/push/opted-out");
    await insertOptOut(state.db, "push", `user:${s.user.id}`, "changes");
    const before = received.length;
    await state.db.transaction((tx) => notify(tx, [movedNotice(s, "off")], new Date()));
    await runPendingJobs(state.db);
    expect(received.slice(before)).toHaveLength(0);
    expect(await state.db.select().from(outbox).where(eq(outbox.user_id, s.user.id))).toHaveLength(0);
  });
});
