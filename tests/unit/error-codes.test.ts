/** @jest-environment node */
import fs from "node:fs";
import path from "node:path";
import { ERROR_CODES, type ErrorCode } from "@/lib/core/error-codes";

/** The catalogue is the truth about codes: every use in the server agrees with its status, and none is unused. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const files = ["lib", "app", "db"].flatMap((dir) => sources(path.join(process.cwd(), dir)));
const text = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
const guard = fs.readFileSync(path.join(process.cwd(), "scripts", "request-guard.mjs"), "utf8");

it("uses each code with the status the catalogue gives it", () => {
  const mismatches: string[] = [];
  for (const match of text.matchAll(/new ApiError\(\s*(\d{3})\s*,\s*"([a-z_]+)"/g)) {
    const [, status, code] = match;
    const entry = ERROR_CODES[code as ErrorCode];
    if (!entry || entry.status !== Number(status)) mismatches.push(`${code}: ${status}`);
  }
  for (const match of text.matchAll(/conflict\(\s*"([a-z_]+)"/g)) {
    if (ERROR_CODES[match[1] as ErrorCode]?.status !== 409) mismatches.push(`${match[1]}: 409`);
  }
  expect(mismatches).toEqual([]);
});

it("lists no code that nothing answers with", () => {
  const unused = (Object.keys(ERROR_CODES) as ErrorCode[]).filter(
    (code) => !text.includes(`"${code}"`) && !guard.includes(`"${code}"`),
  );
  expect(unused).toEqual([]);
});
