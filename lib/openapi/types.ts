import type { DeclaredRoute } from "@/lib/http/route.server";

/** A route file's exports: route() handlers carry their declaration; a few plain handlers (health) do not. */
export type RouteModule = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE", DeclaredRoute | ((...args: never[]) => unknown)>>;

export interface RouteManifestEntry {
  /** `/api/clusters/{id}` */
  path: string;
  /** `app/api/clusters/[id]/route.ts` */
  file: string;
  methods: string[];
  /** From the `// GET /api/…: what it does` comment above each export. */
  summaries: Record<string, string>;
  module: RouteModule;
}
