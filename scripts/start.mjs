// npm start: build once if there is no build yet, then serve on PORT (default 3000).
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const distDir = process.env.NEXT_DIST_DIR ?? ".next";
const next = path.join("node_modules", ".bin", "next");
const port = process.env.PORT ?? "3000";
// PORT also tells the server which address its first-run setup link names (instrumentation-node.ts).
const env = { ...process.env, PORT: port, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "true" };
// The server process learns each request's socket address from this preload (lib/api/client-address.ts).
const serverEnv = { ...env, NODE_OPTIONS: `${env.NODE_OPTIONS ?? ""} --require ${path.resolve("scripts/server-preload.cjs")}`.trim() };

if (!existsSync(path.join(distDir, "BUILD_ID"))) {
  console.log("No build found: running `next build` once (about a minute)…");
  const build = spawnSync(next, ["build"], { stdio: "inherit", env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(next, ["start", "-p", port, ...process.argv.slice(2)], {
  stdio: "inherit",
  env: serverEnv,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
