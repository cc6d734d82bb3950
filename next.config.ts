import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { API_CONTENT_SECURITY_POLICY, COMMON_SECURITY_HEADERS } from "./lib/security/headers";

const nextConfig: NextConfig = {
  // PGlite is loaded from node_modules at run time: a smaller, faster build.
  // esbuild bundles the check-in service worker at build time (@serwist/turbopack, app/serwist/[path]).
  serverExternalPackages: ["@electric-sql/pglite", "@node-rs/argon2", "pino", "esbuild", "esbuild-wasm"],
  // A separate build folder lets several e2e runs (or a dev server and a build) share one checkout.
  distDir: process.env.NEXT_DIST_DIR ?? ".next",
  // The container image runs the standalone build behind scripts/server.mjs, as `npm start` runs the usual one.
  output: process.env.NEXT_OUTPUT === "standalone" ? "standalone" : undefined,
  poweredByHeader: false,
  // ESM-only packages: listed so next/jest compiles them for component tests (no effect on the app build).
  transpilePackages: [
    "@tanstack/react-table",
    "@tanstack/table-core",
    "@tanstack/react-store",
    "@tanstack/store",
    "next-intl",
    "use-intl",
    "intl-messageformat",
    "icu-minify",
    "@formatjs/icu-messageformat-parser",
    "@formatjs/icu-skeleton-parser",
    "@formatjs/fast-memoize",
    "@formatjs/intl-localematcher",
    "@schummar/icu-type-parser",
  ],
  // CI type-checks in its own step (`npm run typecheck`); NEXT_SKIP_TYPECHECK=1 skips the repeat inside the build.
  typescript: { ignoreBuildErrors: process.env.NEXT_SKIP_TYPECHECK === "1" },
  // Security headers on every answer; pages add a nonce-based Content-Security-Policy in proxy.ts.
  async headers() {
    return [
      { source: "/:path*", headers: [...COMMON_SECURITY_HEADERS] },
      { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    ];
  },
};

// next-intl: the page's locale and its one catalogue (app/i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./app/i18n/request.ts");

export default withNextIntl(nextConfig);
