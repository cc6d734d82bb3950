import { parse as csvParser } from "csv-parse";
import { CSV_READ_OPTIONS, startLine, uniformLineEnds } from "@/lib/csv-options";
import { unzipSync } from "fflate";
import { z } from "zod";
import { turnTaker, type TakeTurn } from "@/lib/event-loop";

/**
 * Reading a OneRoster 1.1 or 1.2 CSV bundle (a zip): the manifest, orgs, academicSessions, users (and
 * 1.2's roles), courses, classes and enrollments; demographics and the rest are ignored. Pure (no I/O):
 * bytes in, typed rows out, or a BundleRefused listing every problem with its file, line and reason.
 */

/** The zip as uploaded. */
export const MAX_BUNDLE_BYTES = 50 * 1024 * 1024;
/** What the zip may unpack to, all entries together (a zip bomb declares more and is refused unread). */
export const MAX_UNPACKED_BYTES = 200 * 1024 * 1024;
export const MAX_ENTRIES = 40;
/** Problems listed before giving up on a bundle. */
export const MAX_LISTED_ERRORS = 200;

export interface BundleProblem {
  file: string;
  /** The line in the file (1 = the header); 0 for the bundle as a whole. */
  line: number;
  reason: string;
}

export class BundleRefused extends Error {
  constructor(readonly problems: BundleProblem[]) {
    super(problems[0]?.reason ?? "The bundle was refused.");
    this.name = "BundleRefused";
  }
}

export type FileMode = "bulk" | "delta" | "absent";
export const ROSTER_FILES = ["orgs", "academicSessions", "users", "roles", "courses", "classes", "enrollments"] as const;
export type RosterFile = (typeof ROSTER_FILES)[number];

/**
 * Each file's columns in the order OneRoster writes them (1.1 and 1.2 are both in-order subsequences of
 * these lists), and the ones a file must have. Columns named `metadata.*` and columns not listed are ignored.
 */
const COLUMNS: Record<RosterFile, { order: string[]; required: string[] }> = {
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
const ALIASES: Record<string, string> = {
  preferredGivenName: "preferredFirstName",
  preferredFamilyName: "preferredLastName",
};

/**
 * A staff member's job title and department: OneRoster has no column for them, so SIS exports put them
 * in users.csv extension columns (`metadata.*`). The first of these a file has is read; the others ignored.
 */
const EXTENSIONS: Record<string, "position" | "department"> = {
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

const schemas = {
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

type Rows<F extends RosterFile> = (z.infer<(typeof schemas)[F]> & { line: number })[];
export type OrgRow = Rows<"orgs">[number];
export type SessionRow = Rows<"academicSessions">[number];
export type UserRow = Rows<"users">[number];
export type RoleRow = Rows<"roles">[number];
export type CourseRow = Rows<"courses">[number];
export type ClassRow = Rows<"classes">[number];
export type EnrollmentRow = Rows<"enrollments">[number];

export interface Bundle {
  /** How each file is to be applied (a file the manifest calls absent is not read). */
  modes: Record<RosterFile, FileMode>;
  /** The columns each file has (as read: aliases and extension columns by their names here). An import writes only fields its file carries. */
  columns: Record<RosterFile, string[]>;
  orgs: OrgRow[];
  academicSessions: SessionRow[];
  users: UserRow[];
  roles: RoleRow[];
  courses: CourseRow[];
  classes: ClassRow[];
  enrollments: EnrollmentRow[];
}

/**
 * Rows to fill, file by file (a bundle's CSV files, or any other source of OneRoster rows: the planner
 * takes them whatever they came from).
 */
export function noRows(modes: Bundle["modes"]): Bundle {
  const none = () => ({ orgs: [], academicSessions: [], users: [], roles: [], courses: [], classes: [], enrollments: [] });
  return { modes, columns: none(), ...none() };
}

const fileName = (file: string) => `${file}.csv`;

interface Zip {
  has(name: string): boolean;
  /** One entry, inflated now (a file at a time, so the event loop gets a turn between files). */
  read(name: string): Uint8Array;
}

/** The zip's entries, every limit checked before anything is inflated; each is inflated when read. */
function openZip(bytes: Uint8Array): Zip {
  if (bytes.byteLength > MAX_BUNDLE_BYTES) refuse("", `The bundle is larger than ${MAX_BUNDLE_BYTES / 1024 / 1024} MB.`);
  const problems: BundleProblem[] = [];
  let entries = 0;
  let unpacked = 0;
  const names = new Set<string>();
  try {
    unzipSync(bytes, {
      filter(entry) {
        entries += 1;
        if (entries > MAX_ENTRIES) {
          problems.push({ file: "", line: 0, reason: `The bundle has more than ${MAX_ENTRIES} files.` });
          return false;
        }
        if (entry.name.endsWith("/")) {
          problems.push({ file: entry.name, line: 0, reason: "Folders are not allowed in a bundle: put the CSV files at the top of the zip." });
          return false;
        }
        if (/[\\/]/.test(entry.name) || entry.name.includes("..") || entry.name.includes("\0")) {
          problems.push({ file: entry.name, line: 0, reason: "A file name in the bundle has a path: put the CSV files at the top of the zip." });
          return false;
        }
        unpacked += entry.originalSize;
        if (unpacked > MAX_UNPACKED_BYTES) {
          problems.push({ file: entry.name, line: 0, reason: `The bundle unpacks to more than ${MAX_UNPACKED_BYTES / 1024 / 1024} MB.` });
          return false;
        }
        // A compression ratio no CSV reaches: a zip bomb.
        if (entry.originalSize > 1024 * 1024 && entry.originalSize > entry.size * 1000) {
          problems.push({ file: entry.name, line: 0, reason: "A file in the bundle is compressed more than any CSV could be (a zip bomb)." });
          return false;
        }
        names.add(entry.name);
        return false;
      },
    });
  } catch {
    refuse("", "The file is not a zip archive that can be read.");
  }
  if (problems.length) throw new BundleRefused(problems);
  return {
    has: (name) => names.has(name),
    read(name) {
      try {
        const entry = unzipSync(bytes, { filter: (e) => e.name === name })[name];
        if (entry) return entry;
      } catch {
        // refused below
      }
      return refuse(name, "The file could not be unpacked from the zip (it is damaged).");
    },
  };
}

function refuse(file: string, reason: string, line = 0): never {
  throw new BundleRefused([{ file, line, reason }]);
}

function decode(file: string, bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return refuse(file, "The file is not UTF-8 text.");
  }
  // No database stores U+0000 in text: a CSV holding one is damaged.
  const nul = text.indexOf("\0");
  if (nul >= 0) refuse(file, "The file contains a NUL character (it is damaged or not text).", text.slice(0, nul).split("\n").length);
  return text;
}

interface CsvLine {
  /** The line it starts on (1 = the header). */
  line: number;
  cells: string[];
}

interface CsvReader {
  header(cells: string[]): void;
  row(row: CsvLine): void;
}

/** Bytes handed to the CSV parser between two turns of the event loop (about 50 enrolment rows). */
const CSV_CHUNK_BYTES = 4 * 1024;

type CsvRecord = { record: string[]; info: { lines: number } };

/**
 * Reads a CSV file with csv-parse's streaming parser a chunk at a time, handing the reader its header
 * and then each row as it is parsed, with a turn of the event loop after each chunk: a 16,000-line file
 * in one call held the loop for 60–200 ms, and keeping every parsed row until the end made the garbage
 * collector's pauses long (the rows outlived its young generation).
 */
async function readCsv(file: string, bytes: Uint8Array, turn: TakeTurn, reader: CsvReader): Promise<void> {
  const data = Buffer.from(uniformLineEnds(decode(file, bytes)));
  // The app's reading options, but strict about quotes: a OneRoster export is written by a program.
  const parser = csvParser({ ...CSV_READ_OPTIONS, relax_quotes: false, info: true });
  let failure: unknown = null;
  let headed = false;
  parser.on("error", (error) => (failure ??= error));
  const take = ({ record, info }: CsvRecord) => {
    if (!headed) {
      headed = true;
      return reader.header(record.map((h) => h.trim()));
    }
    reader.row({ line: startLine(record, info.lines), cells: record });
  };
  const drain = () => {
    for (let record = parser.read(); record !== null; record = parser.read()) take(record as CsvRecord);
  };
  try {
    for (let at = 0; at < data.byteLength && !failure; at += CSV_CHUNK_BYTES) {
      parser.write(data.subarray(at, at + CSV_CHUNK_BYTES));
      drain();
      await turn();
    }
    if (failure) throw failure;
    parser.end();
    for await (const record of parser) take(record as CsvRecord);
    if (failure) throw failure;
  } catch (error) {
    parser.destroy();
    if (error instanceof BundleRefused) throw error;
    const lines = (error as { lines?: number }).lines ?? 0;
    return refuse(file, "The file could not be read as CSV: check its quotation marks.", lines);
  }
  if (!headed) refuse(file, "The file is empty: it needs at least its header line.");
}

/** The header's problems: required columns missing, columns out of OneRoster's order, a column twice. */
function checkHeader(file: RosterFile, header: string[], problems: BundleProblem[]): string[] {
  const extensions = new Set<string>();
  const names = header.map((h) => {
    const extension = file === "users" ? EXTENSIONS[h.toLowerCase()] : undefined;
    if (!extension) return ALIASES[h] ?? h;
    if (extensions.has(extension)) return ""; // a second column for the same field: ignored
    extensions.add(extension);
    return extension;
  });
  const { order, required } = COLUMNS[file];
  const where = fileName(file);
  const seen = new Set<string>();
  let last = -1;
  for (const name of names) {
    if (name === "") continue;
    if (seen.has(name)) problems.push({ file: where, line: 1, reason: `The column ${name} appears twice.` });
    seen.add(name);
    const at = order.indexOf(name);
    if (at < 0) continue;
    if (at < last) {
      problems.push({ file: where, line: 1, reason: `The column ${name} is out of order: OneRoster puts it before ${order[last]}.` });
    }
    last = Math.max(last, at);
  }
  for (const column of required) {
    if (!seen.has(column)) problems.push({ file: where, line: 1, reason: `The required column ${column} is missing.` });
  }
  return names;
}

/** A roster file's rows, each checked with its zod schema as it is parsed; problems by line. `columns` gets the header's names. */
async function readRows<F extends RosterFile>(
  file: F,
  bytes: Uint8Array,
  problems: BundleProblem[],
  turn: TakeTurn,
  columns: string[],
): Promise<Rows<F>> {
  const where = fileName(file);
  const schema = schemas[file] as z.ZodType;
  const out: Rows<F> = [];
  const ids = new Map<string, number>();
  let names: string[] = [];
  let headerBroken = false;
  await readCsv(where, bytes, turn, {
    header(cells) {
      const before = problems.length;
      names = checkHeader(file, cells, problems);
      headerBroken = problems.length > before;
      columns.push(...names.filter(Boolean));
    },
    row({ line, cells }) {
      if (headerBroken) return;
      if (cells.length !== names.length) {
        problems.push({ file: where, line, reason: `The line has ${cells.length} columns; the header has ${names.length}.` });
        return;
      }
      const record: Record<string, string> = {};
      names.forEach((name, i) => {
        if (name) record[name] = cells[i]!;
      });
      const result = schema.safeParse(record);
      if (!result.success) {
        for (const issue of result.error.issues.slice(0, 3)) {
          const column = issue.path.join(".");
          const reason = issue.message.includes(column) || !column ? issue.message : `${column}: ${issue.message}`;
          problems.push({ file: where, line, reason });
        }
        return;
      }
      const row = { ...(result.data as object), line } as Rows<F>[number];
      const id = (row as { sourcedId?: string }).sourcedId;
      if (id !== undefined) {
        const before = ids.get(id);
        if (before !== undefined) problems.push({ file: where, line, reason: `The sourcedId ${id} is also on line ${before}.` });
        else ids.set(id, line);
      }
      out.push(row);
    },
  });
  return headerBroken ? [] : out;
}

/** The manifest's mode for each file (`file.users` = bulk | delta | absent); missing means absent. */
async function readManifest(bytes: Uint8Array, problems: BundleProblem[], turn: TakeTurn): Promise<Record<RosterFile, FileMode>> {
  const properties = new Map<string, { value: string; line: number }>();
  await readCsv("manifest.csv", bytes, turn, {
    header([first, second]) {
      if (first !== "propertyName" || second !== "value") {
        refuse("manifest.csv", "The manifest's header must be propertyName,value.", 1);
      }
    },
    row: ({ line, cells }) => properties.set((cells[0] ?? "").trim(), { value: (cells[1] ?? "").trim().toLowerCase(), line }),
  });
  const modes = {} as Record<RosterFile, FileMode>;
  for (const file of ROSTER_FILES) {
    const entry = properties.get(`file.${file}`);
    const value = entry?.value ?? "absent";
    if (value !== "bulk" && value !== "delta" && value !== "absent") {
      problems.push({ file: "manifest.csv", line: entry?.line ?? 0, reason: `file.${file} must be bulk, delta or absent.` });
      modes[file] = "absent";
    } else modes[file] = value;
  }
  return modes;
}

/**
 * Reads and checks a bundle's files; throws (rejects with) BundleRefused with every problem found. The
 * server runs it in the planner's worker thread (lib/oneroster/planner.server.ts), off its event loop. Unpacking
 * a file at a time, parsing the CSV a chunk at a time and checking the rows, it takes a turn every few
 * milliseconds of work (lib/event-loop.ts), so it holds at most a third of a core there too.
 */
export async function parseBundle(bytes: Uint8Array, turn: TakeTurn = turnTaker()): Promise<Bundle> {
  const zip = openZip(bytes);
  if (!zip.has("manifest.csv")) refuse("manifest.csv", "The bundle has no manifest.csv.");
  const problems: BundleProblem[] = [];
  const modes = await readManifest(zip.read("manifest.csv"), problems, turn);
  const bundle = noRows(modes);
  for (const file of ROSTER_FILES) {
    if (modes[file] === "absent") continue;
    if (!zip.has(fileName(file))) {
      problems.push({ file: fileName(file), line: 0, reason: `The manifest lists ${fileName(file)} as ${modes[file]} but the bundle does not have it.` });
      continue;
    }
    await turn();
    const bytesOf = zip.read(fileName(file));
    await turn();
    (bundle[file] as unknown[]) = await readRows(file, bytesOf, problems, turn, bundle.columns[file]);
  }
  if (modes.users !== "absent" && !bundle.users.some((u) => u.role) && modes.roles === "absent" && bundle.users.length > 0) {
    problems.push({ file: "users.csv", line: 1, reason: "users.csv has no role column (OneRoster 1.1) and the bundle has no roles.csv (OneRoster 1.2)." });
  }
  if (problems.length) throw new BundleRefused(problems.slice(0, MAX_LISTED_ERRORS));
  return bundle;
}
