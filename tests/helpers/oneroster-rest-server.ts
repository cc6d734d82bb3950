import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SCHOOL, type BundleSpec } from "./oneroster-bundle";

/**
 * A OneRoster 1.1 / 1.2 REST server of the tests' own on loopback (port 0): OAuth 2 client credentials
 * at /token, the six rostering endpoints under /ims/oneroster with limit/offset paging and the
 * `dateLastModified>'…'` filter, serving records made from the same BundleSpec the CSV bundle builder
 * takes (tests/helpers/oneroster-bundle.ts, with the same defaults), so a pull and a CSV import of the same data
 * can be compared. Faults on demand: a token that expires mid-pull, a page that fails once, a page of
 * 10 MB, a redirect to another host, HTML from the token endpoint, endless paging, a page ignoring offset.
 */

export type Endpoint = "orgs" | "academicSessions" | "users" | "courses" | "classes" | "enrollments";
type Json = Record<string, unknown>;

export const CLIENT_ID = "flexblock-test";
export const CLIENT_SECRET = "a-secret+with/odd=chars";
const MODIFIED = "2026-09-01T00:00:00Z";

export interface Faults {
  /** "users:2": that page answers 500 the first time it is asked. */
  failOnce?: Set<string>;
  /** "users:2": that page always answers 500. */
  failAlways?: Set<string>;
  /** After this many data requests (since the server started: see dataRequests) the token in use expires (401), once per server; a new token works. */
  expireTokenAfter?: number;
  /** "users:1": that page is 10 MB (with its Content-Length). */
  hugePage?: string;
  /** "users:1": that page is 10 MB, streamed in chunks without a Content-Length (the reader must stop by itself). */
  hugeChunked?: string;
  /** An endpoint that redirects to another host (127.0.0.2). */
  redirectElsewhere?: Endpoint;
  /** An endpoint that redirects within this server (followed). */
  redirectHere?: Endpoint;
  /** The token endpoint answers a web page. */
  tokenHtml?: boolean;
  /** An endpoint whose every page is full, with new records each time. */
  endless?: Endpoint;
  /** An endpoint that answers the first page whatever the offset. */
  ignoresOffset?: Endpoint;
}

export interface RestServer {
  /** The base URL (…/ims/oneroster/v1p1 or v1p2) and the token URL. */
  baseUrl: string;
  tokenUrl: string;
  data: Record<Endpoint, Json[]>;
  faults: Faults;
  /** Every request's path and query, in order. */
  requests: string[];
  tokensIssued: number;
  /** Data requests answered so far. */
  dataRequests: number;
  close(): Promise<void>;
}

const status = (version: string, s?: string) => s ?? (version === "1.1" ? "active" : "");
const list = (s?: string) => (s ? s.split(",").map((p) => p.trim()).filter(Boolean) : []);
const ref = (sourcedId: string, type: string) => ({ href: `/${type}s/${sourcedId}`, sourcedId, type });

/** The spec's records as the REST binding sends them (the same defaults as bundleFiles). */
export function restRecords(spec: BundleSpec): Record<Endpoint, Json[]> {
  const version = spec.version ?? "1.1";
  const users = spec.users ?? [];
  return {
    orgs: (spec.orgs ?? [{ sourcedId: SCHOOL, name: "Test Secondary" }]).map((o) => ({
      sourcedId: o.sourcedId,
      status: status(version, o.status),
      dateLastModified: MODIFIED,
      name: o.name,
      type: o.type ?? "school",
    })),
    academicSessions: (spec.sessions ?? []).map((s) => ({
      sourcedId: s.sourcedId,
      status: status(version, s.status),
      dateLastModified: MODIFIED,
      title: s.title,
      type: s.type,
      startDate: s.startDate,
      endDate: s.endDate,
      ...(s.parentSourcedId ? { parent: ref(s.parentSourcedId, "academicSession") } : {}),
      schoolYear: s.schoolYear ?? s.startDate.slice(0, 4),
    })),
    users: users.map((u) => {
      const orgs = list(u.orgSourcedIds ?? SCHOOL);
      const base: Json = {
        sourcedId: u.sourcedId,
        status: status(version, u.status),
        dateLastModified: MODIFIED,
        enabledUser: u.enabledUser ?? "true",
        username: u.username ?? u.email ?? u.identifier ?? u.sourcedId,
        givenName: u.givenName,
        familyName: u.familyName,
        ...(u.identifier !== undefined ? { identifier: u.identifier } : {}),
        ...(u.email !== undefined ? { email: u.email } : {}),
        agents: list(u.agentSourcedIds).map((id) => ref(id, "user")),
        grades: list(u.grades),
        ...(u.position !== undefined || u.department !== undefined
          ? { metadata: { ...(u.position !== undefined ? { jobTitle: u.position } : {}), ...(u.department !== undefined ? { department: u.department } : {}) } }
          : {}),
      };
      if (version === "1.1") return { ...base, role: u.role, orgs: orgs.map((id) => ref(id, "org")) };
      return {
        ...base,
        ...(u.preferredFirstName !== undefined ? { preferredFirstName: u.preferredFirstName } : {}),
        primaryOrg: ref(u.orgSourcedIds ?? SCHOOL, "org"),
        roles: [{ roleType: "primary", role: u.role, org: ref(u.orgSourcedIds ?? SCHOOL, "org") }],
      };
    }),
    courses: (spec.courses ?? []).map((c) => ({
      sourcedId: c.sourcedId,
      status: status(version, c.status),
      dateLastModified: MODIFIED,
      title: c.title,
      ...(c.courseCode !== undefined ? { courseCode: c.courseCode } : {}),
      org: ref(c.orgSourcedId ?? SCHOOL, "org"),
    })),
    classes: (spec.classes ?? []).map((c) => ({
      sourcedId: c.sourcedId,
      status: status(version, c.status),
      dateLastModified: MODIFIED,
      title: c.title,
      ...(c.classCode !== undefined ? { classCode: c.classCode } : {}),
      classType: c.classType ?? "scheduled",
      course: ref(c.courseSourcedId, "course"),
      school: ref(c.schoolSourcedId ?? SCHOOL, "org"),
      terms: list(c.termSourcedIds).map((id) => ref(id, "academicSession")),
      periods: list(c.periods),
    })),
    enrollments: (spec.enrollments ?? []).map((e) => ({
      sourcedId: e.sourcedId,
      status: status(version, e.status),
      dateLastModified: MODIFIED,
      role: e.role,
      primary: e.primary ? "true" : "false",
      user: ref(e.userSourcedId, "user"),
      class: ref(e.classSourcedId, "class"),
      school: ref(e.schoolSourcedId ?? SCHOOL, "org"),
      ...(e.beginDate !== undefined ? { beginDate: e.beginDate } : {}),
      ...(e.endDate !== undefined ? { endDate: e.endDate } : {}),
    })),
  };
}

function send(res: ServerResponse, status: number, body: string, type = "application/json") {
  res.writeHead(status, { "content-type": type, "content-length": Buffer.byteLength(body) });
  res.end(body);
}

export async function startRestServer(spec: BundleSpec, faults: Faults = {}): Promise<RestServer> {
  const version = spec.version ?? "1.1";
  const prefix = `/ims/oneroster/${version === "1.1" ? "v1p1" : "v1p2"}`;
  const data = restRecords(spec);
  const valid = new Set<string>();
  let expired = false;
  const failed = new Set<string>();
  let dataRequests = 0;
  let port = 0;
  const state: RestServer = {
    baseUrl: "",
    tokenUrl: "",
    data,
    faults,
    requests: [],
    tokensIssued: 0,
    get dataRequests() {
      return dataRequests;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function token(req: IncomingMessage, res: ServerResponse, body: string) {
    if (faults.tokenHtml) return send(res, 200, "<!doctype html><html><body>Sign in</body></html>", "text/html");
    const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
    if (req.headers.authorization !== expected) return send(res, 401, JSON.stringify({ error: "invalid_client" }));
    if (!new URLSearchParams(body).get("grant_type")?.includes("client_credentials")) return send(res, 400, JSON.stringify({ error: "unsupported_grant_type" }));
    const issued = `token-${++state.tokensIssued}`;
    valid.add(issued);
    send(res, 200, JSON.stringify({ access_token: issued, token_type: "bearer", expires_in: 3600 }));
  }

  function page(req: IncomingMessage, res: ServerResponse, url: URL) {
    const endpoint = url.pathname.slice(prefix.length + 1) as Endpoint;
    if (!(endpoint in data)) return send(res, 404, JSON.stringify({ error: "not found" }));
    const bearer = (req.headers.authorization ?? "").replace(/^Bearer /, "");
    dataRequests += 1;
    if (faults.expireTokenAfter !== undefined && dataRequests > faults.expireTokenAfter && !expired) {
      expired = true;
      valid.delete(bearer);
    }
    if (!valid.has(bearer)) return send(res, 401, JSON.stringify({ error: "invalid_token" }));
    const limit = Number(url.searchParams.get("limit") ?? 100);
    const offset = Number(url.searchParams.get("offset") ?? 0);
    const number = Math.floor(offset / limit) + 1;
    const key = `${endpoint}:${number}`;
    if (faults.redirectElsewhere === endpoint) {
      res.writeHead(302, { location: `http://127.0.0.2:${port}${url.pathname}${url.search}` });
      return res.end();
    }
    if (faults.redirectHere === endpoint && !url.searchParams.has("moved")) {
      res.writeHead(307, { location: `${url.pathname}${url.search}&moved=1` });
      return res.end();
    }
    if (faults.failAlways?.has(key)) return send(res, 500, JSON.stringify({ error: "down" }));
    if (faults.failOnce?.has(key) && !failed.has(key)) {
      failed.add(key);
      return send(res, 503, "<html>busy</html>", "text/html");
    }
    if (faults.hugePage === key) {
      const filler = "x".repeat(10 * 1024 * 1024);
      return send(res, 200, JSON.stringify({ [endpoint]: [{ sourcedId: "huge", name: filler }] }));
    }
    if (faults.hugeChunked === key) {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(`{"${endpoint}":[{"sourcedId":"huge","name":"`);
      const chunk = "x".repeat(64 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 10 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", more);
        }
        res.end('"}]}');
      };
      res.on("close", () => (sent = Infinity));
      return more();
    }
    if (faults.endless === endpoint) {
      const rows = Array.from({ length: limit }, (_, i) => ({ sourcedId: `${endpoint}-endless-${offset + i}`, status: "active" }));
      return send(res, 200, JSON.stringify({ [endpoint]: rows }));
    }
    let rows = data[endpoint];
    const filter = url.searchParams.get("filter");
    if (filter) {
      const since = /^dateLastModified>'([^']+)'$/.exec(filter)?.[1];
      if (!since) return send(res, 400, JSON.stringify({ error: "bad filter" }));
      rows = rows.filter((r) => String(r.dateLastModified) > since);
    }
    const start = faults.ignoresOffset === endpoint ? 0 : offset;
    send(res, 200, JSON.stringify({ [endpoint]: rows.slice(start, start + limit) }));
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    state.requests.push(`${req.method} ${url.pathname}${url.search}`);
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    req.on("end", () => {
      if (req.method === "POST" && url.pathname === "/oauth/token") return token(req, res, body);
      if (req.method === "GET" && url.pathname.startsWith(`${prefix}/`)) return page(req, res, url);
      send(res, 404, JSON.stringify({ error: "not found" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  state.baseUrl = `http://127.0.0.1:${port}${prefix}`;
  state.tokenUrl = `http://127.0.0.1:${port}/oauth/token`;
  return state;
}
