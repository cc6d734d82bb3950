import { strToU8, zipSync } from "fflate";

/**
 * Builds OneRoster CSV bundles (zips) for tests and the benchmark: generated here, never copied from
 * anyone's samples. A spec lists records as objects; the builder writes each file with the version's
 * header (1.1: users carry role and orgSourcedIds; 1.2: a roles.csv does) and a manifest.
 */

export type Mode = "bulk" | "delta" | "absent";
export interface OrgSpec { sourcedId: string; name: string; type?: string; status?: string }
export interface SessionSpec { sourcedId: string; title: string; type: string; startDate: string; endDate: string; parentSourcedId?: string; schoolYear?: string; status?: string }
export interface UserSpec {
  sourcedId: string;
  role: string;
  givenName: string;
  familyName: string;
  username?: string;
  identifier?: string;
  email?: string;
  grades?: string;
  preferredFirstName?: string;
  enabledUser?: string;
  status?: string;
  orgSourcedIds?: string;
  /** A student's guardians (or a guardian's students), comma-separated sourcedIds. */
  agentSourcedIds?: string;
  /** Written as users.csv extension columns (metadata.jobTitle, metadata.department) when any user has one. */
  position?: string;
  department?: string;
}
export interface CourseSpec { sourcedId: string; title: string; courseCode?: string; orgSourcedId?: string; status?: string }
export interface ClassSpec {
  sourcedId: string;
  title: string;
  courseSourcedId: string;
  classCode?: string;
  schoolSourcedId?: string;
  termSourcedIds?: string;
  periods?: string;
  status?: string;
  /** "scheduled" unless given ("homeroom": a homeroom class). */
  classType?: string;
}
export interface EnrollmentSpec {
  sourcedId: string;
  classSourcedId: string;
  userSourcedId: string;
  role: string;
  schoolSourcedId?: string;
  beginDate?: string;
  endDate?: string;
  status?: string;
  primary?: boolean;
}

export interface BundleSpec {
  version?: "1.1" | "1.2";
  modes?: Partial<Record<"orgs" | "academicSessions" | "users" | "courses" | "classes" | "enrollments", Mode>>;
  orgs?: OrgSpec[];
  sessions?: SessionSpec[];
  users?: UserSpec[];
  courses?: CourseSpec[];
  classes?: ClassSpec[];
  enrollments?: EnrollmentSpec[];
  /** Replace a file's text (a broken header, a bad line), or add any file ("a/b.csv" to test paths). */
  files?: Record<string, string>;
  /** Leave the manifest out. */
  noManifest?: boolean;
}

export const SCHOOL = "org-school-1";

const HEADERS = {
  orgs: ["sourcedId", "status", "dateLastModified", "name", "type", "identifier", "parentSourcedId"],
  academicSessions: ["sourcedId", "status", "dateLastModified", "title", "type", "startDate", "endDate", "parentSourcedId", "schoolYear"],
  users11: [
    "sourcedId", "status", "dateLastModified", "enabledUser", "orgSourcedIds", "role", "username", "userIds", "givenName",
    "familyName", "middleName", "identifier", "email", "sms", "phone", "agentSourcedIds", "grades", "password",
  ],
  users12: [
    "sourcedId", "status", "dateLastModified", "enabledUser", "username", "userIds", "givenName", "familyName", "middleName",
    "identifier", "email", "sms", "phone", "agentSourcedIds", "grades", "password", "userMasterIdentifier",
    "resourceSourcedIds", "preferredFirstName", "preferredMiddleName", "preferredLastName", "primaryOrgSourcedId", "pronouns",
  ],
  roles: ["sourcedId", "status", "dateLastModified", "userSourcedId", "roleType", "role", "orgSourcedId", "userProfileSourcedId", "beginDate", "endDate"],
  courses: ["sourcedId", "status", "dateLastModified", "schoolYearSourcedId", "title", "courseCode", "grades", "orgSourcedId", "subjects", "subjectCodes"],
  classes: [
    "sourcedId", "status", "dateLastModified", "title", "grades", "courseSourcedId", "classCode", "classType", "location",
    "schoolSourcedId", "termSourcedIds", "subjects", "subjectCodes", "periods",
  ],
  enrollments: ["sourcedId", "status", "dateLastModified", "classSourcedId", "schoolSourcedId", "userSourcedId", "role", "primary", "beginDate", "endDate"],
};

const cell = (value: string | undefined) => {
  const v = value ?? "";
  return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
};

export function csv(header: string[], rows: Record<string, string | undefined>[]): string {
  return [header.join(","), ...rows.map((row) => header.map((h) => cell(row[h])).join(","))].join("\n") + "\n";
}

const MODIFIED = "2026-09-01T00:00:00Z";

/** The files of a bundle as text, before zipping (tests edit them to break the format). */
export function bundleFiles(spec: BundleSpec): Record<string, string> {
  const version = spec.version ?? "1.1";
  const files: Record<string, string> = {};
  const modes = { orgs: "bulk", academicSessions: "bulk", users: "bulk", courses: "bulk", classes: "bulk", enrollments: "bulk", ...spec.modes } as Record<string, Mode>;
  const present = (file: string) => modes[file] !== "absent";
  const status = (s?: string) => (s ?? (version === "1.1" ? "active" : ""));
  if (present("orgs")) {
    files["orgs.csv"] = csv(
      HEADERS.orgs,
      (spec.orgs ?? [{ sourcedId: SCHOOL, name: "Test Secondary" }]).map((o) => ({ ...o, type: o.type ?? "school", status: status(o.status), dateLastModified: MODIFIED })),
    );
  }
  if (present("academicSessions")) {
    files["academicSessions.csv"] = csv(
      HEADERS.academicSessions,
      (spec.sessions ?? []).map((s) => ({ ...s, status: status(s.status), dateLastModified: MODIFIED, schoolYear: s.schoolYear ?? s.startDate.slice(0, 4) })),
    );
  }
  const users = spec.users ?? [];
  // SIS exports carry a staff member's job title and department in extension columns.
  const extensions = [
    ...(users.some((u) => u.position !== undefined) ? ["metadata.jobTitle"] : []),
    ...(users.some((u) => u.department !== undefined) ? ["metadata.department"] : []),
  ];
  const extensionCells = (u: UserSpec) => ({ "metadata.jobTitle": u.position, "metadata.department": u.department });
  if (present("users")) {
    if (version === "1.1") {
      files["users.csv"] = csv(
        [...HEADERS.users11, ...extensions],
        users.map((u) => ({
          ...u,
          status: status(u.status),
          dateLastModified: MODIFIED,
          enabledUser: u.enabledUser ?? "true",
          orgSourcedIds: u.orgSourcedIds ?? SCHOOL,
          username: u.username ?? u.email ?? u.identifier ?? u.sourcedId,
          ...extensionCells(u),
        })),
      );
    } else {
      files["users.csv"] = csv(
        [...HEADERS.users12, ...extensions],
        users.map((u) => ({
          ...u,
          ...extensionCells(u),
          status: status(u.status),
          dateLastModified: MODIFIED,
          enabledUser: u.enabledUser ?? "true",
          username: u.username ?? u.email ?? u.identifier ?? u.sourcedId,
          primaryOrgSourcedId: u.orgSourcedIds ?? SCHOOL,
        })),
      );
      files["roles.csv"] = csv(
        HEADERS.roles,
        users.map((u) => ({
          sourcedId: `role-${u.sourcedId}`,
          status: "",
          dateLastModified: MODIFIED,
          userSourcedId: u.sourcedId,
          roleType: "primary",
          role: u.role,
          orgSourcedId: u.orgSourcedIds ?? SCHOOL,
        })),
      );
    }
  }
  if (present("courses")) {
    files["courses.csv"] = csv(
      HEADERS.courses,
      (spec.courses ?? []).map((c) => ({ ...c, status: status(c.status), dateLastModified: MODIFIED, orgSourcedId: c.orgSourcedId ?? SCHOOL })),
    );
  }
  if (present("classes")) {
    files["classes.csv"] = csv(
      HEADERS.classes,
      (spec.classes ?? []).map((c) => ({
        ...c,
        status: status(c.status),
        dateLastModified: MODIFIED,
        classType: c.classType ?? "scheduled",
        schoolSourcedId: c.schoolSourcedId ?? SCHOOL,
        termSourcedIds: c.termSourcedIds ?? "",
      })),
    );
  }
  if (present("enrollments")) {
    files["enrollments.csv"] = csv(
      HEADERS.enrollments,
      (spec.enrollments ?? []).map((e) => ({ ...e, status: status(e.status), dateLastModified: MODIFIED, schoolSourcedId: e.schoolSourcedId ?? SCHOOL, primary: e.primary ? "true" : "false" })),
    );
  }
  if (!spec.noManifest) {
    const rows = [
      { propertyName: "manifest.version", value: "1.0" },
      { propertyName: "oneroster.version", value: version },
      ...["academicSessions", "categories", "classes", "classResources", "courses", "courseResources", "demographics", "enrollments", "lineItems", "orgs", "resources", "results", "users"].map(
        (file) => ({ propertyName: `file.${file}`, value: modes[file] ?? "absent" }),
      ),
    ];
    if (version === "1.2") rows.push({ propertyName: "file.roles", value: modes.users ?? "bulk" });
    rows.push({ propertyName: "source.systemName", value: "Generated SIS" });
    files["manifest.csv"] = csv(["propertyName", "value"], rows);
  }
  return { ...files, ...spec.files };
}

export function zipFiles(files: Record<string, string | Uint8Array>): Uint8Array {
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, text]) => [name, typeof text === "string" ? strToU8(text) : text])));
}

export const buildBundle = (spec: BundleSpec) => zipFiles(bundleFiles(spec));

/** A small school: a year, two semesters, students, teachers, courses, sections meeting in blocks, enrolments. */
export function smallSchool(options: { students?: number; teachers?: number; sections?: number; perStudent?: number } = {}): BundleSpec {
  const nStudents = options.students ?? 6;
  const nTeachers = options.teachers ?? 2;
  const nSections = options.sections ?? 3;
  const perStudent = Math.min(options.perStudent ?? 2, nSections);
  const sessions: SessionSpec[] = [
    { sourcedId: "year-2026", title: "2026-27", type: "schoolYear", startDate: "2026-09-01", endDate: "2027-06-30" },
    { sourcedId: "term-s1", title: "Semester 1", type: "semester", startDate: "2026-09-01", endDate: "2027-01-31", parentSourcedId: "year-2026" },
    { sourcedId: "term-s2", title: "Semester 2", type: "semester", startDate: "2027-02-01", endDate: "2027-06-30", parentSourcedId: "year-2026" },
  ];
  const users: UserSpec[] = [];
  for (let i = 1; i <= nStudents; i++) {
    users.push({
      sourcedId: `stu-${i}`,
      role: "student",
      givenName: `Student${i}`,
      familyName: `Family${i % 7}`,
      identifier: String(900000 + i),
      grades: String(9 + (i % 4)).padStart(2, "0"),
      email: `student${i}@school.example`,
    });
  }
  for (let i = 1; i <= nTeachers; i++) {
    users.push({ sourcedId: `tch-${i}`, role: "teacher", givenName: `Teacher${i}`, familyName: `Staff${i}`, email: `teacher${i}@school.example` });
  }
  const nCourses = Math.max(1, Math.ceil(nSections / 3));
  const courses: CourseSpec[] = Array.from({ length: nCourses }, (_, i) => ({ sourcedId: `crs-${i + 1}`, title: `Course ${i + 1}`, courseCode: `C${i + 1}` }));
  const classes: ClassSpec[] = Array.from({ length: nSections }, (_, i) => ({
    sourcedId: `cls-${i + 1}`,
    title: `Course ${(i % nCourses) + 1} section ${i + 1}`,
    courseSourcedId: `crs-${(i % nCourses) + 1}`,
    classCode: `S${i + 1}`,
    termSourcedIds: i % 2 ? "term-s2" : "term-s1",
    periods: String((i % 4) + 1),
  }));
  const enrollments: EnrollmentSpec[] = [];
  classes.forEach((c, i) => enrollments.push({ sourcedId: `enr-t-${i + 1}`, classSourcedId: c.sourcedId, userSourcedId: `tch-${(i % nTeachers) + 1}`, role: "teacher" }));
  for (let s = 1; s <= nStudents; s++) {
    for (let k = 0; k < perStudent; k++) {
      const c = (s + k * 7) % nSections;
      enrollments.push({ sourcedId: `enr-${s}-${k}`, classSourcedId: `cls-${c + 1}`, userSourcedId: `stu-${s}`, role: "student", beginDate: "2026-09-01" });
    }
  }
  return { sessions, users, courses, classes, enrollments };
}
