/**
 * The floor of `npm run bench` (what the same work costs with no framework): a bare node:http server on postgres.js (or PGlite) that
 * answers the bench's endpoints with the SAME statements and the SAME JSON as the app, and nothing
 * else: no Next.js, no route wrapper, no drizzle at request time. The app's statements are taken
 * from the app's own query modules once at start (their text and placeholder order), the answers are
 * shaped by the app's own pure presenters, and the session is found by SHA-256 of the bearer token
 * exactly as lib/auth/authenticate.server.ts does. Not part of the app; started by scripts/bench.ts.
 *
 *   tsx --conditions=react-server scripts/bench/floor.ts --port 3226 --database-url postgres://…
 *   tsx --conditions=react-server scripts/bench/floor.ts --port 3226 --pglite ./dir
 */
import http from "node:http";
import { parseArgs } from "node:util";
import { Column, eq, getTableColumns, is, Param, Placeholder, SQL, sql, Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import type { Db } from "../../db/client";
import type { StudentNumbers } from "../../db/queries/people";
import { sessionAccountQuery, type AccountRow } from "../../db/queries/auth";
import { statusQuery, statusRowsOf, statusValues } from "../../db/queries/checkin-status";
import { pingQuery } from "../../db/queries/health";
import { inboxQuery, type InboxRow } from "../../db/queries/notifications";
import {
  searchClustersQuery,
  searchCoursesQuery,
  searchStaffQuery,
  searchStudentsQuery,
  searchValues,
  wordCountOf,
  MAX_NAME_WORDS,
} from "../../db/queries/search";
import { calendarSettingsQuery } from "../../db/queries/settings";
import { staffWeekQuery, studentWeekQuery, weekRowOf, weekValues, type StaffWeekRows, type StudentWeekRows } from "../../db/queries/week";
import { searchPostsQuery } from "../../db/queries/wiki";
import * as schema from "../../db/schema";
import { etagOf, notModified, REVALIDATE } from "../../lib/api/conditional.server";
import { presentCurrentUser } from "../../lib/people/current-user";
import { studentNumbersFor } from "../../lib/people/lists.server";
import { isLocked, roleOf, type Principal } from "../../lib/auth/principal";
import { ROLES, type Role } from "../../lib/auth/roles";
import { bearerToken, hashToken } from "../../lib/auth/tokens.server";
import { presentCheckInStatus, recorderOf, statusDateInput } from "../../lib/checkin/service.server";
import { presentInbox } from "../../lib/notifications/service.server";
import { presentClusters, presentCourses, presentStaff, presentStudents, totalOf } from "../../lib/search/present";
import { calendarSettingsOf } from "../../lib/settings/service.server";
import { presentStaffWeek, presentStudentWeek, weekContext } from "../../lib/schedule/week.server";
import { APP_VERSION } from "../../lib/version";
import { queryWords } from "../../lib/wiki/search.server";
import { snippetOf } from "../../lib/wiki/present";

/** Runs statement text with positional parameters; rows as arrays. */
type Run = (text: string, params: unknown[]) => Promise<unknown[][]>;

interface Built {
  text: string;
  /** Per $n: a constant, or the name of a request value (Dates are sent as ISO text). */
  slots: ({ constant: unknown } | { name: string })[];
  /** Result columns in order: where each goes in the nested row, and a decoder for computed ones. */
  fields: { path: string[]; decode?: (value: unknown) => unknown }[];
}

/** A statement as text + parameter slots + result layout, from a drizzle builder. */
function build(query: { toSQL(): { sql: string; params: unknown[] } }, selected?: Record<string, unknown>): Built {
  const { sql: text, params } = query.toSQL();
  return { text, slots: params.map(slotOf), fields: selected ? layout(selected) : [] };
}

function slotOf(param: unknown): Built["slots"][number] {
  if (is(param, Placeholder)) return { name: param.name };
  if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name };
  return { constant: param };
}

/** drizzle's own field order (orderSelectedFields): object keys in order, a table's columns in order. */
function layout(fields: Record<string, unknown>, prefix: string[] = []): Built["fields"] {
  const out: Built["fields"] = [];
  for (const [name, field] of Object.entries(fields)) {
    const path = [...prefix, name];
    if (is(field, Column)) out.push({ path });
    else if (is(field, SQL) || is(field, SQL.Aliased)) {
      const computed = is(field, SQL.Aliased) ? field.sql : field;
      const decoder = (computed as unknown as { decoder?: { mapFromDriverValue(v: unknown): unknown } }).decoder;
      out.push({ path, decode: decoder ? (v) => decoder.mapFromDriverValue(v) : undefined });
    } else if (is(field, Table)) out.push(...layout(getTableColumns(field), path));
    else out.push(...layout(field as Record<string, unknown>, path));
  }
  return out;
}

const paramsOf = (built: Built, values: Record<string, unknown>) =>
  built.slots.map((slot) => {
    if ("constant" in slot) return slot.constant;
    const value = values[slot.name];
    return value instanceof Date ? value.toISOString() : value;
  });

/** A row (array) into drizzle's nested shape; a nested object whose values are all null is null (left joins). */
function nest(built: Built, values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const seen = new Map<Record<string, unknown>, boolean>();
  built.fields.forEach((field, i) => {
    let target = row;
    for (let d = 0; d < field.path.length - 1; d++) {
      const key = field.path[d]!;
      target = (target[key] ??= {}) as Record<string, unknown>;
    }
    const value = field.decode ? field.decode(values[i]) : values[i];
    target[field.path[field.path.length - 1]!] = value;
    if (field.path.length > 1) seen.set(target, (seen.get(target) ?? false) || value !== null);
  });
  for (const [key, value] of Object.entries(row)) {
    if (value && typeof value === "object" && seen.get(value as Record<string, unknown>) === false) row[key] = null;
  }
  return row;
}

async function rows(run: Run, built: Built, values: Record<string, unknown>) {
  return (await run(built.text, paramsOf(built, values))).map((r) => nest(built, r));
}

const WORD_COUNTS = Array.from({ length: MAX_NAME_WORDS }, (_, i) => i + 1);

export function statements() {
  const mock = drizzle.mock({ schema }) as unknown as Db;
  const selected = (q: unknown) => (q as { config: { fields: Record<string, unknown> } }).config.fields;
  const withFields = <Q extends { toSQL(): { sql: string; params: unknown[] } }>(q: Q) => build(q, selected(q));
  const touch = mock
    .update(schema.sessions)
    .set({ last_used_at: sql.placeholder("now") as never })
    .where(eq(schema.sessions.id, sql.placeholder("id")));
  return {
    session: withFields(sessionAccountQuery(mock)),
    touch: build(touch),
    health: build(pingQuery(mock)),
    calendar: withFields(calendarSettingsQuery(mock)),
    statusStaff: withFields(statusQuery(mock, "staff")),
    statusSysadmin: withFields(statusQuery(mock, "sysadmin")),
    studentWeek: withFields(studentWeekQuery(mock)),
    staffWeek: withFields(staffWeekQuery(mock)),
    inboxStaff: withFields(inboxQuery(mock, "staff_id")),
    inboxSysadmin: withFields(inboxQuery(mock, "sysadmin_id")),
    // One statement per number of words, as the app prepares them (db/queries/search.ts).
    searchStudents: WORD_COUNTS.map((n) => withFields(searchStudentsQuery(mock, "setting", n))),
    searchStudentsAll: WORD_COUNTS.map((n) => withFields(searchStudentsQuery(mock, "all", n))),
    searchStaff: WORD_COUNTS.map((n) => withFields(searchStaffQuery(mock, n))),
    searchCourses: withFields(searchCoursesQuery(mock)),
    searchClusters: withFields(searchClustersQuery(mock)),
    wikiWords: withFields(searchPostsQuery(mock, true)),
    wikiTitle: withFields(searchPostsQuery(mock, false)),
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

const TOUCH_EVERY_MS = 60_000;

export function floorHandler(run: Run) {
  const s = statements();

  async function principal(request: http.IncomingMessage, now: Date, roles: readonly Role[], expiredOk = false) {
    const token = bearerToken({ headers: { get: (n: string) => (request.headers[n] as string | undefined) ?? null } } as Request);
    if (!token) throw new HttpError(401, "unauthenticated");
    const [row] = (await rows(run, s.session, { token_hash: hashToken(token), now })) as unknown as (AccountRow & {
      session: { id: number; last_used_at: Date };
    })[];
    if (!row || isLocked(row, now)) throw new HttpError(401, "invalid_token");
    if (now.getTime() - row.session.last_used_at.getTime() > TOUCH_EVERY_MS) {
      await run(s.touch.text, paramsOf(s.touch, { now, id: row.session.id }));
    }
    const user: Principal = { ...row, role: roleOf(row), sessionId: row.session.id };
    if (user.user.password_expired && !expiredOk) throw new HttpError(403, "password_expired");
    if (!roles.includes(user.role)) throw new HttpError(403, "forbidden");
    return user;
  }

  const calendar = async () => calendarSettingsOf((await rows(run, s.calendar, {})) as never);

  async function search(text: string, numbers: StudentNumbers) {
    const trimmed = text.trim();
    const page = { limit: 5, offset: 0 };
    const values = searchValues(trimmed, page);
    const slot = wordCountOf(trimmed) - 1;
    const words = queryWords(trimmed);
    const wiki = words.length ? s.wikiWords : s.wikiTitle;
    const [students, staff, courses, clusters, posts] = await Promise.all([
      rows(run, (numbers === "all" ? s.searchStudentsAll : s.searchStudents)[slot]!, values),
      rows(run, s.searchStaff[slot]!, values),
      rows(run, s.searchCourses, values),
      rows(run, s.searchClusters, values),
      rows(run, wiki, {
        ...values,
        tsquery: words.map((word, i) => (i === words.length - 1 ? `${word}:*` : word)).join(" & "),
      }),
    ]);
    const hits = posts.map((row) => ({
      id: row.id,
      title: row.title,
      group_id: row.group_id,
      group_title: row.group_title,
      snippet: snippetOf(row.body as string, words),
    }));
    return {
      query: text,
      results: {
        students: presentStudents(students as never),
        staff: presentStaff(staff as never),
        courses: presentCourses(courses as never),
        clusters: presentClusters(clusters as never),
        wiki: hits,
      },
      totals: {
        students: totalOf(students as never),
        staff: totalOf(staff as never),
        courses: totalOf(courses as never),
        clusters: totalOf(clusters as never),
        wiki: (posts[0]?.total as number | undefined) ?? 0,
      },
    };
  }

  /** Answers one request: a JSON value, or a Response for the conditional (ETag) routes. */
  async function answer(request: http.IncomingMessage, path: string, query: URLSearchParams): Promise<unknown> {
    const now = new Date();
    let m: RegExpExecArray | null;
    if (path === "/api/health") {
      await run(s.health.text, []);
      return { status: "ok", database: "ok", version: APP_VERSION };
    }
    if (path === "/api/user") return presentCurrentUser(await principal(request, now, ROLES.anyone, true), now);
    if ((m = /^\/api\/check-in\/status\/([^/]+)$/.exec(path))) {
      const user = await principal(request, now, ROLES.shell);
      const recorder = recorderOf(user);
      const q = { ...statusDateInput(decodeURIComponent(m[1]!)), now, recorder, staffId: user.staff?.id ?? null };
      const st = "staff_id" in recorder ? s.statusStaff : s.statusSysadmin;
      return presentCheckInStatus(statusRowsOf(await rows(run, st, statusValues(q)), q), recorder);
    }
    if ((m = /^\/api\/students\/self\/schedule\/([^/]+)$/.exec(path))) {
      const user = await principal(request, now, ROLES.anyone);
      if (!user.student) throw new HttpError(404, "not_found");
      const context = weekContext(await calendar(), m[1], now);
      const result = await rows(run, s.studentWeek, weekValues(user.student.id, context.week));
      return presentStudentWeek(context, weekRowOf(result) as unknown as StudentWeekRows);
    }
    if ((m = /^\/api\/staff\/(\d+)\/schedule\/([^/]+)$/.exec(path))) {
      await principal(request, now, ROLES.shell);
      const context = weekContext(await calendar(), m[2], now);
      const result = await rows(run, s.staffWeek, weekValues(Number(m[1]), context.week));
      return presentStaffWeek(context, weekRowOf(result) as unknown as StaffWeekRows);
    }
    if (path === "/api/search") {
      return search(query.get("query") ?? "", studentNumbersFor(await principal(request, now, ROLES.shell)));
    }
    if (path === "/api/notifications/inbox") {
      const user = await principal(request, now, ROLES.shell);
      const who = user.staff ? { staff_id: user.staff.id } : user.sysadmin ? { sysadmin_id: user.sysadmin.id } : null;
      if (!who) return [];
      const built = who.staff_id !== undefined ? s.inboxStaff : s.inboxSysadmin;
      const [list, { timezone }] = await Promise.all([
        rows(run, built, { recipient: who.staff_id ?? who.sysadmin_id }),
        calendar(),
      ]);
      return presentInbox(list as unknown as InboxRow[], timezone, now);
    }
    throw new HttpError(404, "not_found");
  }

  /** The routes that answer conditionally in the app answer conditionally here too (same hash). */
  const conditional = (path: string) =>
    path.startsWith("/api/check-in/status/") || path.includes("/schedule/") || path === "/api/notifications/inbox";

  return async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = request.url ?? "/";
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    try {
      const value = await answer(request, path, new URLSearchParams(q < 0 ? "" : url.slice(q + 1)));
      if (conditional(path)) {
        const body = JSON.stringify(value);
        const etag = etagOf(body);
        const headers = { etag, "cache-control": REVALIDATE, vary: "authorization" };
        if (notModified((request.headers["if-none-match"] as string | undefined) ?? null, etag)) {
          response.writeHead(304, headers);
          response.end();
        } else {
          response.writeHead(200, { ...headers, "content-type": "application/json" });
          response.end(body);
        }
        return;
      }
      response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(value));
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 500;
      if (status === 500) console.error(error);
      response.writeHead(status, { "content-type": "application/json" });
      response.end(JSON.stringify({ message: error instanceof HttpError ? error.code : "server error" }));
    }
  };
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: "string", default: "3226" }, "database-url": { type: "string" }, pglite: { type: "string" } },
  });
  let run: Run;
  let close: () => Promise<void>;
  if (values["database-url"]) {
    const { default: postgres } = await import("postgres");
    // Dates (not timestamps) stay text, as the app reads them.
    const client = postgres(values["database-url"], {
      max: 10,
      onnotice: () => {},
      types: { date: { to: 1082, from: [1082], serialize: (x: unknown) => x, parse: (x: string) => x } as never },
    });
    run = (text, params) => client.unsafe(text, params as never[], { prepare: true }).values() as Promise<unknown[][]>;
    close = () => client.end({ timeout: 5 });
  } else if (values.pglite) {
    const { PGlite, types } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { unaccent } = await import("@electric-sql/pglite/contrib/unaccent");
    const pg = new PGlite(values.pglite, { extensions: { pg_trgm, unaccent } });
    await pg.waitReady;
    const parsers = { [types.DATE]: (x: string) => x };
    run = async (text, params) => (await pg.query<unknown[]>(text, params, { rowMode: "array", parsers })).rows;
    close = () => pg.close();
  } else {
    throw new Error("--database-url or --pglite is required");
  }
  const handler = floorHandler(run);
  const server = http.createServer({ keepAliveTimeout: 60_000 }, (req, res) => void handler(req, res));
  server.listen(Number(values.port), "127.0.0.1", () => console.log(`floor listening on ${values.port}`));
  const stop = () => server.close(() => void close().then(() => process.exit(0)));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

if (process.argv[1]?.endsWith("floor.ts")) void main();
