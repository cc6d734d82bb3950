// npm start: build once if there is no build yet, then serve on PORT (default 3000) with the app's own
// server (scripts/server.mjs: Next.js's handler, each request stamped with its socket address).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const next = path.join("node_modules", ".bin", "next");
process.env.NEXT_TELEMETRY_DISABLED = "1";
// The app ends its own work on SIGTERM/SIGINT (instrumentation-node.ts).
process.env.NEXT_MANUAL_SIG_HANDLE = "true";

if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("No build found: running `next build` once (about a minute)…");
  const build = spawnSync(next, ["build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// The server's worker threads, bundled (lib/workers.server.ts); well under a second.
if (!existsSync(path.join("dist", "workers"))) {
  const workers = spawnSync(process.execPath, ["scripts/build-cli.mjs"], { stdio: "inherit", env: process.env });
  if (workers.status !== 0) process.exit(workers.status ?? 1);
}

// The server reads -p/-H/--keepAliveTimeout from this process's arguments (`npm start -- -p 4000`).
await import("./server.mjs");
