import { strToU8, zipSync } from "fflate";
import { toCsv } from "@/lib/csv";
import type { FileMode } from "../parse";

/**
 * A OneRoster REST pull's records written as the CSV bundle the SIS would export (pure): the same
 * files, columns and manifest, so the pull is read, checked and planned by the bundle's own parser and
 * planner (lib/oneroster/parse.ts, plan.ts) and a sync is the CSV import of the same data by construction.
 * A value of an unexpected type becomes an empty cell; the parser then reports what is missing.
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

const file = (header: readonly string[], rows: Cells[]) =>
  toCsv([header, ...rows.map((row) => header.map((h) => row[h] ?? ""))], { escapeFormulas: false });

/** The bundle (a zip) of the pulled records, each file in the mode given (absent files are left out). */
export function bundleOf(version: "1.1" | "1.2", records: Records, modes: Record<Endpoint, FileMode>): Uint8Array {
  const files: Record<string, string> = {};
  const present = (e: Endpoint) => modes[e] !== "absent";
  if (present("orgs")) files["orgs.csv"] = file(HEADERS.orgs, records.orgs.map(org));
  if (present("academicSessions")) files["academicSessions.csv"] = file(HEADERS.academicSessions, records.academicSessions.map(session));
  if (present("users")) {
    const rows = records.users.map((r) => ({ cells: user(r), ...extensions(r) }));
    // Only columns the SIS sent: an import writes only the fields its files carry.
    const extra = [
      ...(rows.some((r) => r.position !== undefined) ? ["metadata.jobTitle"] : []),
      ...(rows.some((r) => r.department !== undefined) ? ["metadata.department"] : []),
    ];
    const header = [...(version === "1.1" ? HEADERS.users11 : HEADERS.users12), ...extra];
    files["users.csv"] = file(
      header,
      rows.map((r) => ({ ...r.cells, "metadata.jobTitle": r.position ?? "", "metadata.department": r.department ?? "" })),
    );
    if (version === "1.2") files["roles.csv"] = file(HEADERS.roles, records.users.flatMap(rolesOf));
  }
  if (present("courses")) files["courses.csv"] = file(HEADERS.courses, records.courses.map(course));
  if (present("classes")) files["classes.csv"] = file(HEADERS.classes, records.classes.map(klass));
  if (present("enrollments")) files["enrollments.csv"] = file(HEADERS.enrollments, records.enrollments.map(enrollment));
  const manifest: string[][] = [
    ["propertyName", "value"],
    ["manifest.version", "1.0"],
    ["oneroster.version", version],
    ...ENDPOINTS.map((e) => [`file.${e}`, modes[e]]),
    ...(version === "1.2" ? [["file.roles", modes.users]] : []),
    ["source.systemName", "OneRoster REST pull"],
  ];
  files["manifest.csv"] = toCsv(manifest, { escapeFormulas: false });
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, body]) => [name, strToU8(body)])));
}
