import "server-only";

/**
 * One bounded HTTP exchange with the SIS: a timeout per request, redirects followed only within the
 * same origin (a redirect to another host would carry the token there), and the body read as a stream
 * up to a byte cap (stopped there, never buffered whole first). Failures are RemoteFailure with a
 * sentence for the report, and whether trying again may help.
 */
export class RemoteFailure extends Error {
  constructor(
    message: string,
    /** A network error, a timeout, a 5xx or a 429: another attempt may succeed. */
    readonly retryable: boolean,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "RemoteFailure";
  }
}

export interface Exchange {
  status: number;
  contentType: string;
  text: string;
}

const MAX_REDIRECTS = 3;

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    throw new RemoteFailure(`the answer is larger than ${maxBytes / 1024 / 1024} MB`, false);
  }
  if (!response.body) return "";
  const reader = response.body.getReader();
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw new RemoteFailure(`the answer is larger than ${maxBytes / 1024 / 1024} MB`, false);
    }
    parts.push(value);
  }
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(parts));
  } catch {
    throw new RemoteFailure("the answer is not UTF-8 text", false);
  }
}

export async function exchange(
  url: string,
  init: { method?: "GET" | "POST"; headers: Record<string, string>; body?: string },
  limits: { timeoutMs: number; maxBytes: number; signal?: AbortSignal },
): Promise<Exchange> {
  let at = new URL(url);
  const origin = at.origin;
  for (let hop = 0; ; hop++) {
    const signals = [AbortSignal.timeout(limits.timeoutMs), ...(limits.signal ? [limits.signal] : [])];
    let response: Response;
    try {
      response = await fetch(at, { method: init.method ?? "GET", headers: init.headers, body: init.body, redirect: "manual", signal: AbortSignal.any(signals) });
    } catch (error) {
      if (limits.signal?.aborted) throw error;
      const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
      throw new RemoteFailure(timedOut ? `no answer within ${Math.round(limits.timeoutMs / 1000)} s` : "the server could not be reached", true);
    }
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel().catch(() => {});
      const location = response.headers.get("location");
      const next = location && URL.canParse(location, at) ? new URL(location, at) : null;
      if (!next) throw new RemoteFailure(`a redirect (${response.status}) without a place to go`, false, response.status);
      if (next.origin !== origin) throw new RemoteFailure(`a redirect to another host (${next.host}), which is not followed`, false, response.status);
      if (hop >= MAX_REDIRECTS) throw new RemoteFailure("too many redirects", false, response.status);
      at = next;
      continue;
    }
    let text: string;
    try {
      text = await readCapped(response, limits.maxBytes);
    } catch (error) {
      if (error instanceof RemoteFailure || limits.signal?.aborted) throw error;
      throw new RemoteFailure("the answer broke off", true);
    }
    return { status: response.status, contentType: response.headers.get("content-type") ?? "", text };
  }
}

/** The body as JSON, or null when it is not (an HTML error page, a proxy's sign-in form). */
export function jsonOf(answer: Exchange): unknown {
  if (/html/i.test(answer.contentType) || /^\s*</.test(answer.text)) return null;
  try {
    return JSON.parse(answer.text) as unknown;
  } catch {
    return null;
  }
}
