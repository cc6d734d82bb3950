import fs from "node:fs";
import path from "node:path";
import type { DeclaredRoute } from "@/lib/http/route.server";

/** Every route file under app/api, and the methods each exports (the truth the OpenAPI manifest is checked against). */
export const API_DIR = path.join(process.cwd(), "app", "api");
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

export function routeFiles(dir = API_DIR): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

/** `app/api/clusters/[id]/route.ts` → `/api/clusters/{id}`. */
export function apiPathOf(file: string): string {
  const dir = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
  const segments = dir ? dir.split("/").map((s) => s.replace(/^\[(?:\.\.\.)?(\w+)\]$/, "{$1}")) : [];
  return ["/api", ...segments].join("/");
}

/** Methods a route file exports, read from its source (no import needed). */
export function exportedMethods(file: string): string[] {
  const source = fs.readFileSync(file, "utf8");
  return HTTP_METHODS.filter((method) =>
    new RegExp(`export\\s+(?:const|async\\s+function|function)\\s+${method}\\b|export\\s*\\{[^}]*\\b${method}\\b`).test(source),
  );
}

/** The route() handlers of every file (next-auth's and the health check are not wrapped). */
export function declaredRoutes() {
  return routeFiles().flatMap((file) => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the list of routes is only known at run time
    const mod = require(file) as Record<string, DeclaredRoute | undefined>;
    return HTTP_METHODS.filter((method) => typeof mod[method] === "function").map((method) => ({
      file,
      method,
      path: apiPathOf(file),
      handler: mod[method]!,
    }));
  });
}

/** A value for each path parameter that parses (ids, dates). */
export function paramsFor(apiPath: string): Record<string, string> {
  const params: Record<string, string> = {};
  for (const match of apiPath.matchAll(/\{(\w+)\}/g)) params[match[1]!] = match[1] === "date" ? "2030-01-15" : "999999";
  return params;
}
