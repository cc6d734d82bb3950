import zlib from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { POST as calendarImport } from "@/app/api/calendar-events/import/route";
import { POST as onerosterUpload } from "@/app/api/rostering/oneroster/route";
import { POST as logoUpload } from "@/app/api/settings/logo/route";
import { POST as staffUpload } from "@/app/api/staff/upload/route";
import { POST as studentUpload } from "@/app/api/students/upload/route";
import { bundleFiles, buildBundle, smallSchool, zipFiles } from "./oneroster-bundle";
import { pngOf } from "./images";

/**
 * The worst files each upload route can be sent (the bad-input tier's hostile uploads), shared by
 * tests/api/bad-input-uploads.test.ts, which checks each one's answer, and `npm run bench:uploads`
 * (scripts/bench/uploads.ts), which measures the longest stall of the server's event loop while each is
 * answered. Every file is built from the school's year so it lands where it would do the most work.
 */

export type UploadRoute = "calendar import" | "student CSV" | "staff CSV" | "OneRoster bundle" | "logo";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export const UPLOAD_ROUTES: Record<UploadRoute, { handler: Handler; path: string }> = {
  "calendar import": { handler: calendarImport, path: "/api/calendar-events/import" },
  "student CSV": { handler: studentUpload, path: "/api/students/upload" },
  "staff CSV": { handler: staffUpload, path: "/api/staff/upload" },
  "OneRoster bundle": { handler: onerosterUpload, path: "/api/rostering/oneroster" },
  logo: { handler: logoUpload, path: "/api/settings/logo" },
};

export interface HostileContext {
  /** The school year (YYYY-MM-DD): files are dated inside it. */
  yearStart: string;
  yearEnd: string;
  /** The caller's password (a CSV import that is not a dry run asks for it). */
  password: string;
}

export interface HostileUpload {
  route: UploadRoute;
  name: string;
  form(context: HostileContext): Promise<FormData> | FormData;
  /** The answer it must get. */
  status: number;
  /** What the answer's `errors.file` (else its `message`) must say. */
  says?: RegExp;
  /** The file is accepted: the import it queues (a job) is part of its work. */
  runsJob?: boolean;
  /** Sent this many times at once (default 1). */
  together?: number;
}

const ymd = (date: string) => date.replaceAll("-", "");
const icsOf = (lines: string[]) => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Flexblock hostile//EN\r\n${lines.map((l) => `${l}\r\n`).join("")}END:VCALENDAR\r\n`;
const ics = (...lines: string[]) => icsOf(lines);
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"];

function formOf(file: Blob, name: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.append("file", file, name);
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return form;
}
const calendarForm = (text: string | Uint8Array, name = "hostile.ics", type = "text/calendar") =>
  formOf(new Blob([text as BlobPart], { type }), name, { dry_run: "true" });

/** `count` one-day events on consecutive days from the year's start, as small as an event can be. */
function manyEvents(count: number, start: string) {
  const day = Date.parse(start);
  const lines: string[] = [];
  for (let i = 0; i < count; i++) {
    const date = new Date(day + (i % 300) * 86_400_000).toISOString().slice(0, 10);
    lines.push(...vevent(`UID:e${i}`, `DTSTART;VALUE=DATE:${ymd(date)}`, `SUMMARY:E${i}`));
  }
  return icsOf(lines);
}

/** An event repeating at `freq`: the 188-byte file of the audit, for each sub-daily frequency. */
const repeating = (freq: string, start: string) =>
  ics(...vevent("UID:often", `DTSTART:${ymd(start)}T080000Z`, `RRULE:FREQ=${freq}`, "SUMMARY:Often"));

const STUDENT_HEADERS = "first_name,last_name,grade,student_number";
const STAFF_HEADERS = "email,last_name,first_name,title";

/** A CSV of as many rows as fit in `bytes`. */
function csvOfSize(bytes: number, row: (i: number) => string) {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; ; i++) {
    const line = row(i);
    if (size + line.length + 1 > bytes) break;
    lines.push(line);
    size += line.length + 1;
  }
  return `${lines.join("\n")}\n`;
}
const CSV_LIMIT = 2 * 1024 * 1024 - 1024;
const studentRows = (count: number, first: number) =>
  Array.from({ length: count }, (_, i) => `First${i},Last${i},${9 + (i % 4)},${first + i}`).join("\n");
const csvForm = (text: string, headers: string, fields: Record<string, string>) =>
  formOf(new Blob([text], { type: "text/csv" }), "people.csv", { headers, ...fields });

/** Bytes that look like nothing (a seeded generator, so every run sends the same file). */
function noise(length: number, seed = 7) {
  const bytes = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    bytes[i] = x >>> 24;
  }
  return bytes;
}

/** A PNG of the size whose pixels are noise: it compresses to about its raw size. */
function noisyPng(width: number, height: number) {
  const raw = new Uint8Array((width * 3 + 1) * height);
  raw.set(noise(raw.length));
  for (let y = 0; y < height; y++) raw[y * (width * 3 + 1)] = 0;
  const chunk = (type: string, data: Uint8Array) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return new Uint8Array(
    Buffer.concat([signature, chunk("IHDR", ihdr), chunk("IDAT", zlib.deflateSync(raw, { level: 1 })), chunk("IEND", new Uint8Array(0))]),
  );
}

const TOO_OFTEN = /repeats every (second|minute|hour)/;

export const HOSTILE_UPLOADS: HostileUpload[] = [
  // ---- The calendar import (.ics and .csv) -------------------------------------------------------
  ...(["SECONDLY", "MINUTELY", "HOURLY"] as const).map(
    (freq): HostileUpload => ({
      route: "calendar import",
      name: `an event repeating ${freq} (the 188-byte file)`,
      form: ({ yearStart }) => calendarForm(repeating(freq, yearStart)),
      status: 422,
      says: TOO_OFTEN,
    }),
  ),
  {
    route: "calendar import",
    name: "three at once of the 188-byte SECONDLY file",
    form: ({ yearStart }) => calendarForm(repeating("SECONDLY", yearStart)),
    together: 3,
    status: 422,
    says: TOO_OFTEN,
  },
  {
    // ical.js looks for a February 30 day after day, for ever, inside one call: the rule never matches.
    route: "calendar import",
    name: "a daily rule that never matches (February 30): its DTSTART alone",
    form: ({ yearStart }) =>
      calendarForm(ics(...vevent("UID:never", `DTSTART;VALUE=DATE:${ymd(yearStart)}`, "RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30", "SUMMARY:Never"))),
    status: 200,
  },
  {
    route: "calendar import",
    name: "a daily rule from the year 1800 (never ending)",
    form: () => calendarForm(ics(...vevent("UID:old", "DTSTART;VALUE=DATE:18000101", "RRULE:FREQ=DAILY", "SUMMARY:Every day"))),
    status: 422,
    says: /repeats more than 50,000 times/,
  },
  {
    route: "calendar import",
    name: "5,000 dates (the most one file may add)",
    form: ({ yearStart }) => calendarForm(manyEvents(5000, yearStart)),
    status: 200,
  },
  {
    route: "calendar import",
    name: "2 MB of events (24,000)",
    form: ({ yearStart }) => calendarForm(manyEvents(24_000, yearStart)),
    status: 422,
    says: /has too many events \(24,000\)/,
  },
  {
    route: "calendar import",
    name: "100,000 events (5.6 MB)",
    form: ({ yearStart }) => calendarForm(manyEvents(100_000, yearStart)),
    status: 413,
    says: /at most 2 MB/,
  },
  {
    route: "calendar import",
    name: "an event on February 30",
    form: ({ yearStart }) =>
      calendarForm(ics(...vevent("UID:feb30", `DTSTART;VALUE=DATE:${yearStart.slice(0, 4)}0230`, "SUMMARY:Closed"))),
    status: 422,
    says: /^Line 6: DTSTART ".{4}0230" is not a date/,
  },
  {
    route: "calendar import",
    name: "an unknown time zone (TZID)",
    form: ({ yearStart }) =>
      calendarForm(ics(...vevent("UID:mars", `DTSTART;TZID=Mars/Olympus_Mons:${ymd(yearStart)}T100000`, "SUMMARY:Landing"))),
    status: 422,
    says: /^Line 6: the time zone "Mars\/Olympus_Mons" is not known/,
  },
  {
    route: "calendar import",
    name: "components nested 50,000 deep",
    form: () => calendarForm(`BEGIN:VCALENDAR\r\n${"BEGIN:X\r\n".repeat(50_000)}END:VCALENDAR\r\n`),
    status: 422,
    says: /is not an iCalendar file/,
  },
  {
    route: "calendar import",
    name: "2 MB of noise named .ics",
    form: () => calendarForm(noise(CSV_LIMIT)),
    status: 422,
    says: /is not an iCalendar file/,
  },
  {
    route: "calendar import",
    name: "a 2 MB CSV of dates",
    form: ({ yearStart }) =>
      calendarForm(`date,name,in_session\n${csvOfSize(CSV_LIMIT - 30, (i) => `${yearStart},Day ${i},no`)}`, "days.csv", "text/csv"),
    status: 422,
    says: /has too many events/,
  },
  {
    route: "calendar import",
    name: "a CSV line of 2 MB",
    form: () => calendarForm(`date,name,in_session\n2030-01-01,"${"x".repeat(CSV_LIMIT - 60)}",no\n`, "days.csv", "text/csv"),
    status: 422,
    says: /^Line 2: the name is longer than 120 characters/,
  },
  // ---- The people CSV imports -----------------------------------------------------------------------
  {
    route: "student CSV",
    name: "10,000 students (the most one file may hold), dry run",
    form: () => csvForm(studentRows(10_000, 3_000_000), STUDENT_HEADERS, { dry_run: "true" }),
    status: 200,
  },
  {
    route: "student CSV",
    name: "10,000 students, imported",
    form: ({ password }) => csvForm(studentRows(10_000, 4_000_000), STUDENT_HEADERS, { password }),
    status: 202,
    runsJob: true,
  },
  {
    route: "student CSV",
    name: "2 MB of rows (75,000)",
    form: () => csvForm(csvOfSize(CSV_LIMIT, (i) => `First${i},Last${i},9,${5_000_000 + i}`), STUDENT_HEADERS, { dry_run: "true" }),
    status: 422,
    says: /more than 10,000 rows/,
  },
  {
    route: "student CSV",
    name: "a CSV line of 2 MB",
    form: () => csvForm(`First,"${"x".repeat(CSV_LIMIT - 40)}",9,3999999\n`, STUDENT_HEADERS, { dry_run: "true" }),
    status: 200,
  },
  {
    route: "student CSV",
    name: "200,000 columns on a line",
    form: () => csvForm(`${",".repeat(200_000)}\n`, STUDENT_HEADERS, { dry_run: "true" }),
    status: 200,
  },
  {
    route: "staff CSV",
    name: "10,000 staff, dry run",
    form: () =>
      csvForm(
        Array.from({ length: 10_000 }, (_, i) => `staff${i}@school.example,Last${i},First${i},Mx.`).join("\n"),
        STAFF_HEADERS,
        { dry_run: "true" },
      ),
    status: 200,
  },
  // ---- The OneRoster bundle -------------------------------------------------------------------------
  {
    route: "OneRoster bundle",
    name: "a zip bomb",
    form: () => {
      const files = Object.fromEntries(Object.entries(bundleFiles(smallSchool())).map(([k, v]) => [k, strToU8(v)]));
      return formOf(new Blob([zipSync({ ...files, "demographics.csv": new Uint8Array(64 * 1024 * 1024) }, { level: 9 })]), "bomb.zip", { dry_run: "true" });
    },
    status: 200,
    says: /zip bomb/,
  },
  {
    route: "OneRoster bundle",
    name: "10,000 files in a zip",
    form: () =>
      formOf(new Blob([zipFiles(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`f${i}.csv`, "a"]))) as BlobPart]), "many.zip", { dry_run: "true" }),
    status: 200,
    says: /more than 40 files/,
  },
  {
    route: "OneRoster bundle",
    name: "50 MB that is not a zip",
    form: () => formOf(new Blob([noise(50 * 1024 * 1024 - 1024)]), "noise.zip", { dry_run: "true" }),
    status: 200,
    says: /not a zip archive/,
  },
  {
    route: "OneRoster bundle",
    name: "a 2,000-student bundle, dry run",
    form: () =>
      formOf(new Blob([buildBundle(smallSchool({ students: 2000, teachers: 120, sections: 600, perStudent: 8 })) as BlobPart]), "roster.zip", {
        dry_run: "true",
      }),
    status: 200,
  },
  {
    route: "OneRoster bundle",
    name: "a 45 MB bundle applied (a file the import ignores makes it large)",
    form: () => {
      const files = Object.fromEntries(Object.entries(bundleFiles(smallSchool())).map(([k, v]) => [k, strToU8(v)]));
      const zip = zipSync({ ...files, "demographics.csv": [noise(45 * 1024 * 1024), { level: 0 }] });
      return formOf(new Blob([zip as BlobPart]), "large.zip", { dry_run: "false" });
    },
    status: 202,
    runsJob: true,
  },
  // ---- The logo -------------------------------------------------------------------------------------
  {
    route: "logo",
    name: "a PNG claiming 30,000 × 30,000 pixels",
    form: async () => formOf(new Blob([await pngOf(64, 64, { width: 30_000, height: 30_000 })], { type: "image/png" }), "bomb.png"),
    status: 422,
    says: /at most 4096 × 4096 pixels/,
  },
  {
    route: "logo",
    name: "1 MB of noise named .png",
    form: () => {
      const bytes = noise(1024 * 1024 - 64);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return formOf(new Blob([bytes], { type: "image/png" }), "noise.png");
    },
    status: 422,
    says: /could not be read as an image/,
  },
  {
    route: "logo",
    name: "a 1 MB PNG (590 × 590 of noise)",
    form: () => formOf(new Blob([noisyPng(590, 590)], { type: "image/png" }), "big.png"),
    status: 201,
  },
];

/** What an answer says: its file errors joined, else its message. */
export function answerText(body: unknown): string {
  const answer = (body ?? {}) as { message?: string; errors?: Record<string, unknown> };
  const file = answer.errors?.file;
  if (Array.isArray(file)) return file.map(String).join("\n");
  const listed = (answer as { errors?: unknown }).errors;
  if (Array.isArray(listed)) return listed.map((p: { reason?: string }) => p.reason ?? "").join("\n");
  return answer.message ?? "";
}

/** The request a browser would send with the form (multipart), built before it is timed. */
export async function uploadRequest(upload: HostileUpload, token: string, form: FormData) {
  const encoded = new Request("http://localhost", { method: "POST", body: form });
  return new Request(new URL(UPLOAD_ROUTES[upload.route].path, "http://localhost"), {
    method: "POST",
    headers: { accept: "application/json", authorization: `Bearer ${token}`, "content-type": encoded.headers.get("content-type")! },
    body: await encoded.arrayBuffer(),
  });
}

/** The route's answer to the request: its status and JSON body. */
export async function answerUpload(upload: HostileUpload, request: Request) {
  const response = await UPLOAD_ROUTES[upload.route].handler(request, { params: Promise.resolve({}) });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body };
}

export const sendUpload = async (upload: HostileUpload, token: string, form: FormData) =>
  answerUpload(upload, await uploadRequest(upload, token, form));
