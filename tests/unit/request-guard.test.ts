/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * scripts/request-guard.mjs runs in the app's server (scripts/server.mjs) in front of Next.js: it must
 * overwrite any peer header a client sends with the socket's real address, so a caller that is no trusted
 * proxy cannot name its own address (lib/api/client-address.ts), and answer TRACE with 405 before Next.js
 * fails on it. Here it guards a plain node:http server that echoes what a route handler would read.
 */
const guard = pathToFileURL(path.join(process.cwd(), "scripts", "request-guard.mjs")).href;
const HEADER = "x-flexblock-peer-test";
const echoServer = `
  import http from "node:http";
  import { guardRequest } from ${JSON.stringify(guard)};
  const server = http.createServer((req, res) => {
    if (guardRequest(req, res, ${JSON.stringify(HEADER)})) return;
    res.end(JSON.stringify({ peer: req.headers[${JSON.stringify(HEADER)}] ?? null, forwarded: req.headers["x-forwarded-for"] ?? null }));
  });
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

let child: ChildProcess;
let base: string;

beforeAll(async () => {
  child = spawn(process.execPath, ["--input-type=module", "-e", echoServer], {
    env: { ...process.env, NODE_OPTIONS: "" },
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once("data", (chunk: Buffer) => resolve(chunk.toString().trim()));
    child.once("exit", (code) => reject(new Error(`echo server exited ${code}`)));
  });
  base = `http://127.0.0.1:${port}`;
});

afterAll(() => {
  child.kill();
});

/** A request from a local address of our own choosing (all of 127.0.0.0/8 is loopback). */
function peerSeenFrom(
  localAddress: string,
  headers: Record<string, string>,
): Promise<{ peer: string | null; forwarded: string | null }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}/api/check-user`, { localAddress, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(JSON.parse(body)));
    });
    request.on("error", reject);
    request.end();
  });
}

it("stamps the socket's address over whatever a client claims", async () => {
  const response = await fetch(`${base}/api/login`, {
    headers: { [HEADER]: "10.9.9.9", "x-forwarded-for": "10.8.8.8" },
  });
  expect(await response.json()).toMatchObject({ peer: "127.0.0.1" });
});

it("ignores a peer header an untrusted caller made up: each socket is its own address", async () => {
  const spoofed = { [HEADER]: "203.0.113.77", "x-forwarded-for": "203.0.113.77" };
  expect(await peerSeenFrom("127.0.0.2", spoofed)).toEqual({ peer: "127.0.0.2", forwarded: "203.0.113.77" });
  expect(await peerSeenFrom("127.0.0.3", spoofed)).toEqual({ peer: "127.0.0.3", forwarded: "203.0.113.77" });
});

it("answers TRACE with 405 and the methods it allows", async () => {
  const status = await new Promise<{ code?: number; allow?: string }>((resolve, reject) => {
    const request = http.request(`${base}/api/user`, { method: "TRACE" }, (response) => {
      response.resume();
      resolve({ code: response.statusCode, allow: response.headers.allow });
    });
    request.on("error", reject);
    request.end();
  });
  expect(status.code).toBe(405);
  expect(status.allow).toContain("POST");
});
