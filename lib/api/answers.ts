/**
 * What a service answers when the answer is not plain JSON with the route's status: values, never a
 * Response, so the services know nothing of HTTP and the route wrapper (lib/http/route.server.ts) alone
 * turns them into responses, with its headers (request id, no-store unless the answer says otherwise,
 * HSTS).
 */

/** A JSON answer with a status other than the route's: 202 for a queued job, 200 for a dry run of a route that creates. */
export class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body?: unknown,
  ) {}
}

/** 202 Accepted: the work is queued (a job to poll). */
export const accepted = (body: unknown) => new StatusAnswer(202, body);

export type FileBody = string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>;

export interface FileOptions {
  contentType: string;
  /** Sent as an attachment with this name (a download); absent: shown inline (an image). */
  filename?: string;
  /** For an answer that may be kept (a versioned image); absent: no-store, as every answer. */
  cacheControl?: string;
  /** Further headers (an image's content-security-policy). */
  headers?: Record<string, string>;
}

/** A file to send: a download (CSV, passwords) or an image. */
export class FileAnswer {
  constructor(
    readonly body: FileBody,
    readonly options: FileOptions,
  ) {}

  /** The same file with another body (an export's stream wrapped to hold its slot until read). */
  withBody(body: FileBody) {
    return new FileAnswer(body, this.options);
  }
}

/** A CSV download (a whole text, or a stream of it). */
export const csvFile = (body: FileBody, filename: string) =>
  new FileAnswer(body, { contentType: "text/csv; charset=utf-8", filename });

declare const carries: unique symbol;
/**
 * A Response a route made itself that says which JSON it carries (conditionalJson's 200 or 304), so a
 * route with a response schema still has its answer's type checked against it.
 */
export type JsonResponse<T> = Response & { readonly [carries]?: T };
