// The app's production server: a node:http server of our own in front of Next.js's request handler (a
// custom server, `next({ … }).getRequestHandler()`; Next.js's own `next start` and the standalone server.js
// are the same handler behind a plain node:http server). `npm start` (scripts/start.mjs), the e2e server and
// the container run it:
//   node scripts/server.mjs [-p PORT] [-H HOSTNAME] [--keepAliveTimeout MS]
// It does two things Next.js cannot do from a route handler (scripts/request-guard.mjs):
//  1. Stamp every request with the socket's remote address under a header name that is random per
//     deployment, over any header of that name a client sent: route handlers get no socket, and
//     lib/api/client-address.ts must not believe an address a client made up (it believes X-Forwarded-For
//     only when that address is one of TRUSTED_PROXIES). Child processes inherit the name through the
//     environment.
//  2. Answer TRACE and TRACK with 405: a Web Request cannot carry those methods, so Next.js would fail on
//     them with a 500.
// In the container it runs in Next.js's standalone folder, which has no next.config.ts: the build's own copy
// of the config (.next/required-server-files.json) is handed to Next.js as the generated server.js does.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { parseArgs } from "node:util";
import { guardRequest } from "./request-guard.mjs";

const PEER_HEADER_ENV = "FLEXBLOCK_PEER_HEADER";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", short: "p" },
    hostname: { type: "string", short: "H" },
    keepAliveTimeout: { type: "string" },
  },
});

const dir = process.cwd();
const standalone = !["ts", "mjs", "js"].some((ext) => fs.existsSync(path.join(dir, `next.config.${ext}`)));
process.env.NODE_ENV = "production";
if (standalone) {
  const distDir = process.env.NEXT_DIST_DIR ?? ".next";
  const { config } = JSON.parse(
    fs.readFileSync(path.join(dir, distDir, "required-server-files.json"), "utf8"),
  );
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);
}
const port = Number(args.port ?? process.env.PORT ?? 3000);
// As `next start` (every interface unless -H) and the standalone server.js (HOSTNAME, else every interface).
const hostname = args.hostname ?? (standalone ? (process.env.HOSTNAME ?? "0.0.0.0") : undefined);
const keepAliveTimeout = Number(args.keepAliveTimeout ?? process.env.KEEP_ALIVE_TIMEOUT ?? NaN);
// PORT also tells the server which address its first-run setup link names (instrumentation-node.ts).
process.env.PORT = String(port);
process.env[PEER_HEADER_ENV] ||= `x-flexblock-peer-${crypto.randomBytes(12).toString("hex")}`;
const peerHeader = process.env[PEER_HEADER_ENV];

const { default: next } = await import("next");
// next() sets TURBOPACK=auto for a custom server's `next dev`; the build runs as under `next start`, without it.
const turbopack = process.env.TURBOPACK;
const app = next({ dev: false, dir, port, hostname: hostname ?? "localhost" });
if (turbopack === undefined) delete process.env.TURBOPACK;
await app.prepare();
const handle = app.getRequestHandler();

const server = http.createServer((request, response) => {
  if (guardRequest(request, response, peerHeader)) return;
  handle(request, response).catch((error) => {
    console.error(`Failed to handle request for ${request.url}`, error);
    if (!response.headersSent) response.statusCode = 500;
    response.end();
  });
});
if (Number.isFinite(keepAliveTimeout) && keepAliveTimeout > 0) server.keepAliveTimeout = keepAliveTimeout;
server.on("error", (error) => {
  console.error("Failed to start server", error);
  process.exit(1);
});
server.listen(port, hostname, () => {
  console.log(
    `Flexblock is listening on http://${hostname && hostname !== "0.0.0.0" ? hostname : "localhost"}:${port}`,
  );
});
