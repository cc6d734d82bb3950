/**
 * The one way the browser talks to the API: JSON in and out, the bearer token from device storage,
 * and every failure as an ApiClientError. A 401 for a missing or dead session tells the
 * AuthProvider (through SESSION_EXPIRED_EVENT) to sign out with the "session expired" banner.
 */
import { getToken } from "@/lib/storage.client";

export const SESSION_EXPIRED_EVENT = "flexblock:session-expired";

/** Codes the server uses when the token itself is missing or no longer valid. */
const SESSION_CODES = new Set(["invalid_token", "unauthenticated"]);

export class ApiClientError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached. */
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field errors from a 422 ({ field: [messages] }). */
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiClientError";
  }

  /** The first message for a field, if any. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export const NETWORK_ERROR_MESSAGE = "Unable to reach the server. Check your connection and try again.";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export async function apiRequest<T>(method: Method, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const isForm = typeof FormData !== "undefined" && body instanceof FormData;
  if (!isForm) headers["Content-Type"] = "application/json";
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : isForm ? (body as FormData) : JSON.stringify(body),
      // GET revalidates: the polled answers (check-in status, weeks, the inbox) carry an ETag and
      // `private, no-cache`, so the browser sends If-None-Match and a 304 reuses its copy; answers
      // marked `no-store` (every other route) are never kept either way.
      cache: method === "GET" ? "no-cache" : "no-store",
    });
  } catch {
    throw new ApiClientError(0, "network", NETWORK_ERROR_MESSAGE);
  }

  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (response.ok) return data as T;

  const error =
    data && typeof data === "object"
      ? (data as { message?: string; code?: string; errors?: Record<string, string[]> })
      : {};
  const failure = new ApiClientError(
    response.status,
    error.code ?? `http_${response.status}`,
    error.message ?? (typeof data === "string" && data ? data : `Request failed (${response.status}).`),
    error.errors ?? {},
  );
  if (response.status === 401 && token && SESSION_CODES.has(failure.code) && typeof window !== "undefined") {
    // The token goes with the event: an answer to a request made before a new sign-in must not end the new session.
    window.dispatchEvent(new CustomEvent(SESSION_EXPIRED_EVENT, { detail: { token } }));
  }
  throw failure;
}

export const apiGet = <T>(path: string) => apiRequest<T>("GET", path);
export const apiPost = <T>(path: string, body?: unknown) => apiRequest<T>("POST", path, body ?? {});
export const apiPut = <T>(path: string, body?: unknown) => apiRequest<T>("PUT", path, body ?? {});
export const apiDelete = <T>(path: string) => apiRequest<T>("DELETE", path);
export const apiPatch = <T>(path: string, body?: unknown) => apiRequest<T>("PATCH", path, body ?? {});
/** multipart/form-data (file uploads); the browser sets the boundary. */
export const apiUpload = <T>(path: string, form: FormData) => apiRequest<T>("POST", path, form);

/** The SWR fetcher: the key is the API path. `useSWR<Shape>("/api/staff", fetcher)`. */
export const fetcher = <T>(path: string) => apiGet<T>(path);

export const GENERIC_FAILURE = "Something went wrong. Please try again.";

/** A message fit to show a person: the server's, or the given fallback for unknown faults. */
export function messageOf(error: unknown, fallback = GENERIC_FAILURE): string {
  if (error instanceof ApiClientError && error.status !== 500 && error.message) return error.message;
  return fallback;
}
