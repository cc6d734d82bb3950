/** @jest-environment node */
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

/**
 * scripts/server-preload.cjs runs inside the server: it must overwrite any peer header a client sends
 * with the socket's real address, and answer TRACE with 405 before Next.js fails on it.
 */
const preload = path.join(process.cwd(), "scripts", "server-preload.cjs");
const HEADER = "x-flexblock-peer-test";
const echoServer = `
  const http = require("node:http");
  const server = http.createServer((req, res) => res.end(JSON.stringify({ peer: req.headers[${JSON.stringify(HEADER)}] ?? null })));
  server.listen(0, "127.0.0.1", () => console.log(server.address().port));
`;

let child: ChildProcess;
let base: string;

beforeAll(async () => {
  child = spawn(process.execPath, ["--require", preload, "-e", echoServer], {
    env: { ...process.env, FLEXBLOCK_PEER_HEADER: HEADER, NODE_OPTIONS: "" },
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

it("stamps the socket's address over whatever a client claims", async () => {
  const response = await fetch(`${base}/api/login`, { headers: { [HEADER]: "10.9.9.9", "x-forwarded-for": "10.8.8.8" } });
  expect(await response.json()).toEqual({ peer: "127.0.0.1" });
});

it("answers TRACE with 405 and the methods it allows", async () => {
  const http = await import("node:http");
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
