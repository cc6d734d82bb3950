import { strToU8, Zip, ZipDeflate } from "fflate";
import { toCsv } from "@/lib/csv";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import type { FileMode } from "../bundle-files";

/**
 * A OneRoster REST pull's records written as the CSV bundle the SIS would export (pure): the same
 * files, columns and manifest, so the pull is read, checked and planned by the bundle's own parser and
 * planner (lib/oneroster/parse.ts, plan.ts) and a sync is the CSV import of the same data by construction.
 * A value of an unexpected type becomes an empty cell; the parser then reports what is missing.
 * Written and deflated a few rows at a time with a turn of the event loop between them (in one go, the
 * 2,000-student school's 19,000 rows held the loop 270–470 ms beside the teachers' check-in requests).
 */

export const ENDPOINTS = ["orgs", "academicSessions", "users", "courses", "classes", "enrollments"] as const;
export type Endpoint = (typeof ENDPOINTS)[number];
export type Records = Record<Endpoint, Record<string, unknown>[]>;

type Cells = Record<string, string>;

const text = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : "");
const texts = (v: unknown): string => (Array.isArray(v) ? v.map(text).filter(Boolean).join(",") : text(v));
const ref = (v: unknown): string => (v && typeof v === "object" && !Array.isArray(v) ? text((v as { sourcedId?: unknown }).sourcedId) : "");
const refs = (v: unknown): string => (Array.isArray(v) ? v.map(ref).filter(Boolean).join(",") : ref(v));
const common = (r: Record<string, unknown>): Cells => ({ sourcedId: text(r.sourcedId), status: text(r.status), dateLastModified: text(r.dateLastModified) });

const HEADERS = {
  orgs: ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
  academicSessions: ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear"],
  users11: ["sourcedId", "status", "dateLastModified", "enabledUser", "orgSourcedIds", "role", "username", "givenName", "familyName", "middleName", "identifier", "email", "sms", "phone", "agentSourcedIds", "grades"],
  users12: ["sourcedId", "status", "dateLastModified", "enabledUser", "username", "givenName", "familyName", "middleName", "identifier", "email", "sms", "phone", "agentSourcedIds", "grades", "preferredFirstName", "primaryOrgSourcedId"],
  roles: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId", "beginDate", "endDate"],
  courses: ["sourcedId", "status", "dateLastModified", "schoolYearSourcedId", "title", "courseCode", "grades", "orgSourcedId"],
  classes: ["sourcedId", "status", "dateLastModified", "title", "grades", "courseSourcedId", "classCode", "classType", "location", "schoolSourcedId", "termSourcedIds", "periods"],
  enrollments: ["sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId", "role", "primary", "beginDate", "endDate"],
} as const;

const org = (r: Record<string, unknown>): Cells => ({ ...common(r), name: text(r.name), type: text(r.type), identifier: text(r.identifier), parentSourcedId: ref(r.parent) });

const session = (r: Record<string, unknown>): Cells => ({
  ...common(r),
  title: text(r.title),
  type: text(r.type),
  startDate: text(r.startDate),
  endDate: text(r.endDate),
  parentSourcedId: ref(r.parent),
  schoolYear: text(r.schoolYear),
});

/** A staff member's job title and department: OneRoster carries them in `metadata` (the CSV's metadata.* columns). */
function extensions(r: Record<string, unknown>) {
  const meta = r.metadata && typeof r.metadata === "object" ? (r.metadata as Record<string, unknown>) : {};
  const lower = new Map(Object.entries(meta).map(([k, v]) => [k.toLowerCase(), text(v)]));
  return {
    position: lower.get("jobtitle") ?? lower.get("title") ?? lower.get("position"),
    department: lower.get("department") ?? lower.get("dept"),
  };
}

const user = (r: Record<string, unknown>): Cells => ({
  ...common(r),
  enabledUser: text(r.enabledUser),
  orgSourcedIds: refs(r.orgs),
  role: text(r.role),
  username: text(r.username),
  givenName: text(r.givenName),
  familyName: text(r.familyName),
  middleName: text(r.middleName),
  identifier: text(r.identifier),
  email: text(r.email),
  sms: text(r.sms),
  phone: text(r.phone),
  agentSourcedIds: refs(r.agents),
  grades: texts(r.grades),
  preferredFirstName: text(r.preferredFirstName),
  primaryOrgSourcedId: ref(r.primaryOrg),
});

/** 1.2 puts a user's roles inside the user ({roleType, role, org}); the CSV binding has them in roles.csv. */
function rolesOf(r: Record<string, unknown>): Cells[] {
  if (!Array.isArray(r.roles)) return [];
  return r.roles.map((role: unknown) => {
    const o = role && typeof role === "object" ? (role as Record<string, unknown>) : {};
    return {
      sourcedId: "",
      status: "",
      dateLastModified: "",
      userSourcedId: text(r.sourcedId),
      roleType: text(o.roleType),
      role: text(o.role),
      orgSourcedId: ref(o.org),
      beginDate: text(o.beginDate),
      endDate: text(o.endDate),
    };
  });
}

const course = (r: Record<string, unknown>): Cells => ({
  ...common(r),
  schoolYearSourcedId: ref(r.schoolYear),
  title: text(r.title),
  courseCode: text(r.courseCode),
  grades: texts(r.grades),
  orgSourcedId: ref(r.org),
});

const klass = (r: Record<string, unknown>): Cells => ({
  ...common(r),
  title: text(r.title),
  grades: texts(r.grades),
  courseSourcedId: ref(r.course),
  classCode: text(r.classCode),
  classType: text(r.classType),
  location: text(r.location),
  schoolSourcedId: ref(r.school),
  termSourcedIds: refs(r.terms),
  periods: texts(r.periods),
});

const enrollment = (r: Record<string, unknown>): Cells => ({
  ...common(r),
  classSourcedId: ref(r.class),
  schoolSourcedId: ref(r.school),
  userSourcedId: ref(r.user),
  role: text(r.role),
  primary: text(r.primary),
  beginDate: text(r.beginDate),
  endDate: text(r.endDate),
});

/** Rows converted, written and deflated between two turns (about half a millisecond of work). */
const BATCH_ROWS = 50;

/** The zip, streamed: each file's CSV is added a batch of rows at a time. */
class BundleWriter {
  private readonly parts: Uint8Array[] = [];
  private failure: Error | null = null;
  private readonly zip = new Zip((error, chunk) => {
    if (error) this.failure = error;
    else this.parts.push(chunk);
  });

  constructor(private readonly turn: TakeTurn) {}

  async file<T>(name: string, header: readonly string[], records: readonly T[], cells: (record: T) => Cells | Cells[]) {
    const entry = new ZipDeflate(name);
    this.zip.add(entry);
    entry.push(strToU8(toCsv([header], { escapeFormulas: false })));
    for (let at = 0; at < records.length; at += BATCH_ROWS) {
      await this.turn();
      const rows = records
        .slice(at, at + BATCH_ROWS)
        .flatMap((record): Cells[] => {
          const made = cells(record);
          return Array.isArray(made) ? made : [made];
        })
        .map((row) => header.map((h) => row[h] ?? ""));
      if (rows.length) entry.push(strToU8(toCsv(rows, { escapeFormulas: false })));
    }
    entry.push(new Uint8Array(0), true);
  }

  bytes(): Uint8Array {
    this.zip.end();
    if (this.failure) throw this.failure;
    const out = new Uint8Array(this.parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const part of this.parts) {
      out.set(part, at);
      at += part.byteLength;
    }
    return out;
  }
}

/** The bundle (a zip) of the pulled records, each file in the mode given (absent files are left out). */
export async function bundleOf(
  version: "1.1" | "1.2",
  records: Records,
  modes: Record<Endpoint, FileMode>,
  turn: TakeTurn = turnTaker(),
): Promise<Uint8Array> {
  const zip = new BundleWriter(turn);
  const present = (e: Endpoint) => modes[e] !== "absent";
  if (present("orgs")) await zip.file("orgs.csv", HEADERS.orgs, records.orgs, org);
  if (present("academicSessions")) await zip.file("academicSessions.csv", HEADERS.academicSessions, records.academicSessions, session);
  if (present("users")) {
    // Only columns the SIS sent: an import writes only the fields its files carry.
    const carried = records.users.map(extensions);
    const extra = [
      ...(carried.some((r) => r.position !== undefined) ? ["metadata.jobTitle"] : []),
      ...(carried.some((r) => r.department !== undefined) ? ["metadata.department"] : []),
    ];
    const header = [...(version === "1.1" ? HEADERS.users11 : HEADERS.users12), ...extra];
    await zip.file("users.csv", header, records.users, (r) => {
      const e = extensions(r);
      return { ...user(r), "metadata.jobTitle": e.position ?? "", "metadata.department": e.department ?? "" };
    });
    if (version === "1.2") await zip.file("roles.csv", HEADERS.roles, records.users, rolesOf);
  }
  if (present("courses")) await zip.file("courses.csv", HEADERS.courses, records.courses, course);
  if (present("classes")) await zip.file("classes.csv", HEADERS.classes, records.classes, klass);
  if (present("enrollments")) await zip.file("enrollments.csv", HEADERS.enrollments, records.enrollments, enrollment);
  const manifest: Cells[] = [
    ["manifest.version", "1.0"],
    ["oneroster.version", version],
    ...ENDPOINTS.map((e) => [`file.${e}`, modes[e]]),
    ...(version === "1.2" ? [["file.roles", modes.users]] : []),
    ["source.systemName", "OneRoster REST pull"],
  ].map(([propertyName, value]) => ({ propertyName: propertyName!, value: value! }));
  await zip.file("manifest.csv", ["propertyName", "value"], manifest, (row) => row);
  return zip.bytes();
}
