/** @jest-environment node */
import { GET as currentUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { GET as unauthenticatedSettings } from "@/app/api/settings/unauthenticated/route";
import { POST as checkUser } from "@/app/api/check-user/route";
import { POST as uploadLogo } from "@/app/api/settings/logo/route";
import { MAX_JSON_BODY } from "@/lib/api/body";
import { accepted, csvFile, FileAnswer, StatusAnswer } from "@/lib/api/answers";
import { route } from "@/lib/http/route.server";
import { useTestDb } from "../helpers/db";
import { createAdmin, createStaff, tokenFor } from "../helpers/factories";
import { call } from "../helpers/http";

/** What every route gets from lib/http/route.server.ts: body limits, token handling on public routes, caching headers. */
const state = useTestDb();
const noParams = { params: Promise.resolve({}) };

/** A body sent in chunks with no Content-Length, as `Transfer-Encoding: chunked` arrives. */
function chunkedRequest(url: string, chunk: Uint8Array, chunks: number, headers: Record<string, string> = {}) {
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(chunk);
    },
  });
  const request = new Request(url, { method: "POST", body, headers, duplex: "half" } as RequestInit);
  return { request, sentChunks: () => sent };
}

describe("request bodies", () => {
  it("refuses a chunked JSON body past the limit without reading the rest of it", async () => {
    const chunk = new Uint8Array(64 * 1024).fill(0x20);
    const { request, sentChunks } = chunkedRequest("http://localhost/api/login", chunk, 3200, {
      "content-type": "application/json",
    });
    const response = await login(request, noParams);
    expect(response.status).toBe(413);
    expect((await response.json()).code).toBe("too_large");
    // 200 MB were on offer; the server stopped a chunk or two past 256 KB.
    expect(sentChunks() * chunk.byteLength).toBeLessThan(MAX_JSON_BODY + 4 * chunk.byteLength);
  });

  it("refuses a chunked multipart upload past the limit", async () => {
    const admin = await createAdmin(state.db);
    const token = await tokenFor(state.db, admin);
    const chunk = new Uint8Array(256 * 1024).fill(0x41);
    const { request, sentChunks } = chunkedRequest("http://localhost/api/settings/logo", chunk, 800, {
      "content-type": "multipart/form-data; boundary=xyz",
      authorization: `Bearer ${token}`,
    });
    const response = await uploadLogo(request, noParams);
    expect(response.status).toBe(413);
    expect(sentChunks()).toBeLessThan(10);
  });

  it("answers 400 for a body that is not UTF-8", async () => {
    const request = new Request("http://localhost/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
    });
    expect((await login(request, noParams)).status).toBe(400);
  });
});

describe("tokens on public routes", () => {
  it("serves the sign-in screen's settings to a client still holding a dead token", async () => {
    const res = await call(unauthenticatedSettings, { token: "yesterdays-token-that-no-longer-exists" });
    expect(res.status).toBe(200);
  });

  it("lets a client with a dead token sign in and check a username", async () => {
    const teacher = await createStaff(state.db);
    const stale = { token: "expired-token" };
    expect((await call(checkUser, { ...stale, body: { username: teacher.user.username } })).status).toBe(200);
    const res = await call(login, { ...stale, body: { username: teacher.user.username, password: "correct-horse-battery" } });
    expect(res.status).toBe(200);
  });

  it("still refuses a dead token where a user is needed", async () => {
    const res = await call(currentUser, { token: "expired-token" });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe("invalid_token");
  });
});

describe("caching", () => {
  it("marks answers with personal data, and errors, as never to be stored", async () => {
    const teacher = await createStaff(state.db);
    const ok = await call(currentUser, { token: await tokenFor(state.db, teacher) });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
    const refused = await call(currentUser);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("cache-control")).toBe("no-store");
  });

  it("adds HSTS only to answers a trusted proxy says it served over https, never on a client's word", async () => {
    const teacher = await createStaff(state.db);
    const token = await tokenFor(state.db, teacher);
    const peer = process.env.FLEXBLOCK_PEER_HEADER!;
    const hsts = async (headers: Record<string, string>) =>
      (await call(currentUser, { token, headers })).headers.get("strict-transport-security");
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = "10.0.0.0/8";
    try {
      expect(await hsts({ [peer]: "10.1.2.3" })).toBeNull();
      expect(await hsts({ [peer]: "10.1.2.3", "x-forwarded-proto": "https" })).toMatch(/max-age=\d+/);
      // A client of its own (not through the proxy), or a request with no socket stamp, says https in vain.
      expect(await hsts({ [peer]: "198.51.100.7", "x-forwarded-proto": "https" })).toBeNull();
      expect(await hsts({ "x-forwarded-proto": "https" })).toBeNull();
      // An appending proxy's own entry is the last one: a client's "https" in front of it is not believed.
      expect(await hsts({ [peer]: "10.1.2.3", "x-forwarded-proto": "https, http" })).toBeNull();
      process.env.TRUSTED_PROXIES = "";
      expect(await hsts({ [peer]: "10.1.2.3", "x-forwarded-proto": "https" })).toBeNull();
    } finally {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    }
  });
});

describe("answers that are values (lib/api/answers.ts)", () => {
  const post = (handle: (request: Request, context: typeof noParams) => Promise<Response>, init: RequestInit = {}) =>
    handle(new Request("http://localhost/api/example", { method: "POST", ...init }), noParams);

  it("sends a StatusAnswer with its own status, and a 204 route's answer with no body", async () => {
    const queued = await post(route({ roles: "public" }, () => accepted({ job: { id: 7 } })));
    expect(queued.status).toBe(202);
    expect(await queued.json()).toEqual({ job: { id: 7 } });
    expect(queued.headers.get("cache-control")).toBe("no-store");
    const dryRun = await post(route({ roles: "public", status: 201 }, () => new StatusAnswer(200, { dry_run: true })));
    expect(dryRun.status).toBe(200);
    const removed = await post(route({ roles: "public", status: 204 }, () => undefined));
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect(removed.headers.get("x-request-id")).toBeTruthy();
  });

  it("sends a FileAnswer as a download, or inline with the caching and headers it names", async () => {
    const csv = await post(route({ roles: "public" }, () => csvFile("a,b\r\n", "list.csv")));
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="list.csv"');
    expect(csv.headers.get("cache-control")).toBe("no-store");
    expect(await csv.text()).toBe("a,b\r\n");
    const image = await post(
      route({ roles: "public" }, () =>
        new FileAnswer(new Uint8Array([1, 2, 3]), { contentType: "image/png", cacheControl: "public, max-age=300", headers: { "x-content-type-options": "nosniff" } }),
      ),
    );
    expect(image.headers.get("content-disposition")).toBeNull();
    expect(image.headers.get("cache-control")).toBe("public, max-age=300");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it("reads a declared multipart body into `form`, with the route's sentences for too large and not multipart", async () => {
    const upload = route({ roles: "public", multipart: { maxBytes: 1024, tooLarge: "At most 1 KB.", notMultipart: "Send a form." } }, ({ form }) => ({
      note: form.get("note"),
    }));
    // Bodies written out whole: a FormData body is streamed by undici, which threw "already closed"
    // into the test when the reader stopped at the cap before its last part.
    const multipart = (part: string) => ({
      body: `--xyz\r\n${part}\r\n--xyz--\r\n`,
      headers: { "content-type": "multipart/form-data; boundary=xyz" },
    });
    const ok = await post(upload, multipart('Content-Disposition: form-data; name="note"\r\n\r\nhello'));
    expect(await ok.json()).toEqual({ note: "hello" });
    const refused = await post(
      upload,
      multipart(`Content-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n${"A".repeat(4096)}`),
    );
    expect(refused.status).toBe(413);
    expect((await refused.json()).message).toBe("At most 1 KB.");
    const json = await post(upload, { body: "{}", headers: { "content-type": "application/json" } });
    expect(json.status).toBe(400);
    expect((await json.json()).message).toBe("Send a form.");
  });
});
