type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (for unreadable-body tests). */
  rawBody?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  path?: string;
  /** Defaults to POST with a body and GET without one. */
  method?: string;
}

export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** Calls a route handler the way Next.js does, and reads the JSON answer. */
export async function call<T = any>(handler: Handler, options: CallOptions = {}): Promise<CallResult<T>> {
  const url = new URL(options.path ?? "/api/test", "http://localhost");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers({ accept: "application/json", ...options.headers });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  if (hasBody) headers.set("content-type", "application/json");
  const request = new Request(url, {
    method: options.method ?? (hasBody ? "POST" : "GET"),
    headers,
    body: options.rawBody ?? (options.body !== undefined ? JSON.stringify(options.body) : undefined),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a file): keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Calls a route with a multipart/form-data body (file uploads), as a browser's FormData would send it. */
export async function callForm<T = any>(
  handler: Handler,
  options: { token?: string; form: FormData; params?: Record<string, string>; path?: string },
): Promise<CallResult<T>> {
  const headers = new Headers({ accept: "application/json" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const encoded = new Request("http://localhost", { method: "POST", body: options.form });
  headers.set("content-type", encoded.headers.get("content-type")!);
  const request = new Request(new URL(options.path ?? "/api/test", "http://localhost"), {
    method: "POST",
    headers,
    body: await encoded.arrayBuffer(),
  });
  const response = await handler(request, { params: Promise.resolve(options.params ?? {}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON (a CSV download): keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}
