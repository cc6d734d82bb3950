import { apiGet, apiPost } from "@/lib/api/request.client";

/**
 * The screens' polls revalidate (a 304 saves the parse and the re-render): a GET goes with cache mode "no-cache", so the browser
 * keeps an answer marked `private, no-cache` with its ETag and asks with If-None-Match next time
 * (a 304 then reuses the kept copy); writes never touch the HTTP cache.
 */
describe("lib/api/request.client cache modes", () => {
  const calls: RequestInit[] = [];
  const realFetch = global.fetch;
  beforeEach(() => {
    calls.length = 0;
    global.fetch = jest.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(init ?? {});
      // jsdom has no Response: the client only reads ok, status and text().
      return { ok: true, status: 200, text: async () => "{}" } as unknown as Response;
    }) as typeof fetch;
  });
  afterAll(() => {
    global.fetch = realFetch;
  });

  it("GET revalidates with the server (no-cache), POST bypasses the cache (no-store)", async () => {
    await apiGet("/api/check-in/status");
    await apiPost("/api/check-in", { chips: [] });
    expect(calls.map((init) => init.cache)).toEqual(["no-cache", "no-store"]);
  });
});
