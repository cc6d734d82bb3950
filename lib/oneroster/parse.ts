import { turnTaker, type TakeTurn } from "@/lib/event-loop";
import { BundleRefused, MAX_LISTED_ERRORS, refuse, type BundleProblem } from "./bundle-problems";
import {
  fileName,
  ROSTER_FILES,
  type ClassRow,
  type CourseRow,
  type EnrollmentRow,
  type FileMode,
  type OrgRow,
  type RoleRow,
  type RosterFile,
  type SessionRow,
  type UserRow,
} from "./bundle-files";
import { readManifest, readRows } from "./bundle-rows";
import { openZip } from "./bundle-zip";

/**
 * Reading a OneRoster 1.1 or 1.2 CSV bundle (a zip): the manifest, orgs, academicSessions, users (and
 * 1.2's roles), courses, classes and enrollments; demographics and the rest are ignored. Pure (no I/O):
 * bytes in, typed rows out, or a BundleRefused listing every problem with its file, line and reason.
 * The zip and its limits are lib/oneroster/bundle-zip.ts, the CSV reading bundle-csv.ts, each file's
 * columns, rules and rows' types bundle-files.ts, their checks bundle-rows.ts, the problems bundle-problems.ts.
 */

export { BundleRefused, type BundleProblem } from "./bundle-problems";
export { MAX_BUNDLE_BYTES } from "./bundle-zip";

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
