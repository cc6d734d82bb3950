// Preloaded into the Next.js server process (`node --require ./scripts/server-preload.cjs`; npm start,
// the container and the e2e server do this). Two things Next.js cannot do from a route handler:
//  1. Stamp every request with the socket's remote address under a header name that is random per
//     deployment, after deleting any header of that name a client sent: route handlers get no socket,
//     and lib/api/client-address.ts must not believe an address a client made up.
//  2. Answer TRACE and TRACK with 405: a Web Request cannot carry those methods, so Next.js would
//     fail on them with a 500.
// Child processes inherit the header name through the environment.
"use strict";
const http = require("node:http");
const crypto = require("node:crypto");

const ENV = "FLEXBLOCK_PEER_HEADER";
if (!process.env[ENV]) process.env[ENV] = `x-flexblock-peer-${crypto.randomBytes(12).toString("hex")}`;
const header = process.env[ENV];
const UNSUPPORTED = new Set(["TRACE", "TRACK"]);
const ALLOW = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS";

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function guardRequest(event, request, response, ...rest) {
  if (event === "request" && request && request.headers) {
    if (UNSUPPORTED.has(request.method)) {
      const body = JSON.stringify({ message: "That method is not allowed.", code: "method_not_allowed" });
      response.writeHead(405, { allow: ALLOW, "content-type": "application/json", "cache-control": "no-store" });
      response.end(body);
      request.resume();
      return true;
    }
    request.headers[header] = (request.socket && request.socket.remoteAddress) || "";
  }
  return emit.call(this, event, request, response, ...rest);
};
