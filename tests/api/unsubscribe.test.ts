/** @jest-environment node */
import { DELETE, POST } from "@/app/api/unsubscribe/route";
import { optOuts } from "@/db/schema";
import { unsubscribeToken } from "@/lib/reach/links.server";
import { useTestDb } from "../helpers/db";
import { call } from "../helpers/http";

const state = useTestDb();

const tokenOf = (address: string, kind: "reminders" | "changes" | "digest" = "digest") =>
  unsubscribeToken(state.db, { address, kind });

/** A mail client's RFC 8058 one-click POST: a form body, no sign-in, no JSON. */
async function oneClick(token: string, body: string | null = "List-Unsubscribe=One-Click") {
  const url = new URL("http://localhost/api/unsubscribe");
  url.searchParams.set("token", token);
  const response = await POST(
    new Request(url, {
      method: "POST",
      headers: body === null ? {} : { "content-type": "application/x-www-form-urlencoded" },
      body: body ?? undefined,
    }),
    { params: Promise.resolve({}) },
  );
  return { status: response.status, body: await response.json() };
}

/** The opt-outs of these addresses (the file's tests share one database). */
const rows = async (...addresses: string[]) =>
  (await state.db.select({ channel: optOuts.channel, subject: optOuts.subject, kind: optOuts.kind }).from(optOuts)).filter((r) =>
    addresses.includes(r.subject),
  );

describe("POST /api/unsubscribe (RFC 8058 one-click) and DELETE (undo)", () => {
  it("turns the token's kind off for its address with a one-click form body, and again changes nothing", async () => {
    const token = await tokenOf("parent@family.example");
    const first = await oneClick(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      address: "parent@family.example",
      kind: "digest",
      unsubscribed: true,
      message: "You will no longer get morning lists and weekly Focus Block summaries at parent@family.example.",
    });
    expect(await rows("parent@family.example")).toEqual([{ channel: "email", subject: "parent@family.example", kind: "digest" }]);
    // A second click (or the mail client and the page both) changes nothing more.
    expect((await oneClick(token)).status).toBe(200);
    expect(await rows("parent@family.example")).toHaveLength(1);
  });

  it("works with an empty body and with a JSON body (the page)", async () => {
    expect((await oneClick(await tokenOf("a@family.example"), null)).status).toBe(200);
    const page = await call(POST, { query: { token: await tokenOf("b@family.example", "reminders") }, body: {} });
    expect(page.status).toBe(200);
    expect(page.body.message).toBe("You will no longer get reminders to choose a Focus Block teacher at b@family.example.");
    expect((await rows("a@family.example", "b@family.example")).map((r) => `${r.subject}:${r.kind}`).sort()).toEqual(["a@family.example:digest", "b@family.example:reminders"]);
  });

  it("DELETE undoes it; only that kind for that address", async () => {
    const digest = await tokenOf("c@family.example");
    const changes = await tokenOf("c@family.example", "changes");
    await oneClick(digest);
    await oneClick(changes);
    const undo = await call(DELETE, { method: "DELETE", query: { token: digest } });
    expect(undo.status).toBe(200);
    expect(undo.body).toMatchObject({ unsubscribed: false, message: "You will get morning lists and weekly Focus Block summaries at c@family.example again." });
    expect(await rows("c@family.example")).toEqual([{ channel: "email", subject: "c@family.example", kind: "changes" }]);
  });

  it("refuses forged, tampered, truncated and other-person tokens with 422 unsubscribe_link_invalid, changing nothing", async () => {
    const token = await tokenOf("d@family.example");
    const [payload, signature] = token.split(".") as [string, string];
    const otherPayload = Buffer.from(JSON.stringify(["someone-else@family.example", "digest"])).toString("base64url");
    const flipped = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    const bad = [
      `${otherPayload}.${signature}`, // the signature of another address
      `${payload}.${flipped}`, // one character changed
      payload, // cut short
      `${payload}.${signature}.x`,
      "not-a-token",
      `${Buffer.from(JSON.stringify(["d@family.example", "everything"])).toString("base64url")}.${signature}`,
    ];
    for (const forged of bad) {
      const post = await oneClick(forged);
      expect(post.status).toBe(422);
      expect(post.body.code).toBe("unsubscribe_link_invalid");
      expect(post.body.message).toMatch(/^This unsubscribe link is not valid/);
      const del = await call(DELETE, { method: "DELETE", query: { token: forged } });
      expect(del.status).toBe(422);
    }
    expect(await rows("d@family.example", "someone-else@family.example")).toEqual([]);
  });

  it("answers a missing or oversized token with 422 field errors, never a 5xx", async () => {
    const missing = await call(POST, { body: {} });
    expect(missing.status).toBe(422);
    const long = await call(POST, { query: { token: "a".repeat(5000) }, body: {} });
    expect(long.status).toBe(422);
  });
});
