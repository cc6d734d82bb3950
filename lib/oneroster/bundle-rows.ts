import type { z } from "zod";
import type { TakeTurn } from "@/lib/event-loop";
import { refuse, type BundleProblem } from "./bundle-problems";
import { readCsv } from "./bundle-csv";
import { ALIASES, COLUMNS, EXTENSIONS, fileName, ROSTER_FILES, schemas, type FileMode, type RosterFile, type Rows } from "./bundle-files";

/** A bundle file's header and rows checked against its columns and schema (lib/oneroster/bundle-files.ts), problems by line. */

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
export async function readRows<F extends RosterFile>(
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
export async function readManifest(bytes: Uint8Array, problems: BundleProblem[], turn: TakeTurn): Promise<Record<RosterFile, FileMode>> {
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
