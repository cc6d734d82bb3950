import { z } from "zod";

/**
 * The files of a OneRoster 1.1 or 1.2 bundle the import reads, and each one's columns and row rules
 * (a zod schema per file): the rows' types the planner takes.
 */

export type FileMode = "bulk" | "delta" | "absent";
export const ROSTER_FILES = ["orgs", "academicSessions", "users", "roles", "courses", "classes", "enrollments"] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

/**
 * Each file's columns in the order OneRoster writes them (1.1 and 1.2 are both in-order subsequences of
 * these lists), and the ones a file must have. Columns named `metadata.*` and columns not listed are ignored.
 */
export const COLUMNS: Record<RosterFile, { order: string[]; required: string[] }> = {
  orgs: {
    order: ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
    required: ["sourcedId", "name", "type"],
  },
  academicSessions: {
    order: ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear"],
    required: ["sourcedId", "title", "type", "startDate", "endDate"],
  },
  users: {
    order: [
      "sourcedId", "status", "dateLastModified", "enabledUser", "orgSourcedIds", "role", "username", "userIds",
      "givenName", "familyName", "middleName", "identifier", "email", "sms", "phone", "agentSourcedIds", "grades",
      "password", "userMasterIdentifier", "resourceSourcedIds", "preferredFirstName", "preferredMiddleName",
      "preferredLastName", "primaryOrgSourcedId", "pronouns",
    ],
    required: ["sourcedId", "username", "givenName", "familyName"],
  },
  roles: {
    order: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId", "userProfileSourcedId", "beginDate", "endDate"],
    required: ["userSourcedId", "roleType", "role", "orgSourcedId"],
  },
  courses: {
    order: ["sourcedId", "status", "dateLastModified", "schoolYearSourcedId", "title", "courseCode", "grades", "orgSourcedId", "subjects", "subjectCodes"],
    required: ["sourcedId", "title", "orgSourcedId"],
  },
  classes: {
    order: [
      "sourcedId", "status", "dateLastModified", "title", "grades", "courseSourcedId", "classCode", "classType",
      "location", "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods",
    ],
    required: ["sourcedId", "title", "courseSourcedId", "schoolSourcedId", "termSourcedIds"],
  },
  enrollments: {
    order: ["sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId", "role", "primary", "beginDate", "endDate"],
    required: ["sourcedId", "classSourcedId", "schoolSourcedId", "userSourcedId", "role"],
  },
};

/** Other spellings of a column (1.2 drafts and exporters differ on the preferred names). */
export const ALIASES: Record<string, string> = {
  preferredGivenName: "preferredFirstName",
  preferredFamilyName: "preferredLastName",
};

/**
 * A staff member's job title and department: OneRoster has no column for them, so SIS exports put them
 * in users.csv extension columns (`metadata.*`). The first of these a file has is read; the others ignored.
 */
export const EXTENSIONS: Record<string, "position" | "department"> = {
  "metadata.jobtitle": "position",
  "metadata.title": "position",
  "metadata.position": "position",
  "metadata.department": "department",
  "metadata.dept": "department",
};

const text = z.string().transform((s) => s.trim());
const required = (what: string) => z.string().trim().min(1, `${what} is empty.`).max(255, `${what} is longer than 255 characters.`);
const optional = z.string().trim().max(1000).optional().transform((s) => s || null);
const status = z
  .string()
  .trim()
  .optional()
  .transform((s) => (s ?? "").toLowerCase())
  .refine((s) => s === "" || s === "active" || s === "tobedeleted" || s === "inactive", "status must be active or tobedeleted.")
  .transform((s) => (s === "tobedeleted" ? ("tobedeleted" as const) : ("active" as const)));
const isoDate = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}/, `${what} must be a date (YYYY-MM-DD).`)
    .transform((s) => s.slice(0, 10))
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${what} is not a date.`);
const optionalDate = (what: string) =>
  z
    .string()
    .optional()
    .transform((s) => (s ?? "").trim())
    .pipe(z.union([z.literal("").transform(() => null), isoDate(what)]));
const list = z
  .string()
  .optional()
  .transform((s) =>
    (s ?? "")
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean),
  );
const bool = z
  .string()
  .optional()
  .transform((s) => (s ?? "").trim().toLowerCase())
  .refine((s) => s === "" || s === "true" || s === "false", "enabledUser must be true or false.")
  .transform((s) => s !== "false");

/** OneRoster grade codes to the school's numbers: KG 0, PK (and other pre-K codes) -1, 01–13 as numbers. */
export function gradeNumber(code: string): number | null {
  const c = code.trim().toUpperCase();
  if (c === "KG" || c === "K") return 0;
  if (c === "PK" || c === "PR" || c === "TK" || c === "IT") return -1;
  if (/^\d{1,2}$/.test(c)) {
    const n = Number(c);
    return n >= 1 && n <= 13 ? n : null;
  }
  return null;
}

export const schemas = {
  orgs: z.object({ sourcedId: required("sourcedId"), status, name: required("name"), type: text }),
  academicSessions: z.object({
    sourcedId: required("sourcedId"),
    status,
    title: required("title"),
    type: text.transform((s) => s.toLowerCase()),
    startDate: isoDate("startDate"),
    endDate: isoDate("endDate"),
    parentSourcedId: optional,
    schoolYear: optional,
  }),
  users: z.object({
    sourcedId: required("sourcedId"),
    status,
    enabledUser: bool,
    orgSourcedIds: list,
    role: optional.transform((s) => s?.toLowerCase() ?? null),
    username: text,
    givenName: required("givenName"),
    familyName: required("familyName"),
    identifier: optional,
    email: optional.pipe(z.union([z.null(), z.email("email is not an email address.").transform((s) => s.toLowerCase())])),
    grades: list,
    /** A student's guardians (parent, guardian or relative rows), or a guardian's students: family contacts, never accounts. */
    agentSourcedIds: list,
    preferredFirstName: optional,
    position: optional.pipe(z.union([z.null(), z.string().max(100, "The job title is longer than 100 characters.")])),
    department: optional.pipe(z.union([z.null(), z.string().max(100, "The department is longer than 100 characters.")])),
  }),
  roles: z.object({
    status,
    userSourcedId: required("userSourcedId"),
    roleType: text.transform((s) => s.toLowerCase()),
    role: required("role").transform((s) => s.toLowerCase()),
    orgSourcedId: required("orgSourcedId"),
  }),
  courses: z.object({
    sourcedId: required("sourcedId"),
    status,
    title: required("title"),
    courseCode: optional,
    orgSourcedId: required("orgSourcedId"),
  }),
  classes: z.object({
    sourcedId: required("sourcedId"),
    status,
    title: required("title"),
    courseSourcedId: required("courseSourcedId"),
    classCode: optional,
    /** homeroom or scheduled (OneRoster's two); a homeroom class gives its students their homeroom teacher. */
    classType: optional.transform((s) => (s?.toLowerCase() === "homeroom" ? ("homeroom" as const) : ("scheduled" as const))),
    schoolSourcedId: required("schoolSourcedId"),
    termSourcedIds: list,
    periods: list,
  }),
  enrollments: z.object({
    sourcedId: required("sourcedId"),
    status,
    classSourcedId: required("classSourcedId"),
    schoolSourcedId: required("schoolSourcedId"),
    userSourcedId: required("userSourcedId"),
    role: required("role").transform((s) => s.toLowerCase()),
    /** The class's main teacher (a homeroom's teacher is its primary one). */
    primary: z
      .string()
      .optional()
      .transform((s) => (s ?? "").trim().toLowerCase() === "true"),
    beginDate: optionalDate("beginDate"),
    endDate: optionalDate("endDate"),
  }),
} satisfies Record<RosterFile, z.ZodType>;

export type Rows<F extends RosterFile> = (z.infer<(typeof schemas)[F]> & { line: number })[];
export type OrgRow = Rows<"orgs">[number];
export type SessionRow = Rows<"academicSessions">[number];
export type UserRow = Rows<"users">[number];
export type RoleRow = Rows<"roles">[number];
export type CourseRow = Rows<"courses">[number];
export type ClassRow = Rows<"classes">[number];
export type EnrollmentRow = Rows<"enrollments">[number];

export const fileName = (file: string) => `${file}.csv`;
