/** @jest-environment node */
import net from "node:net";
import { sql } from "drizzle-orm";
import { GET as currentUser } from "@/app/api/user/route";
import { POST as login } from "@/app/api/login/route";
import { POST as checkIn } from "@/app/api/check-in/route";
import { setDatabaseForTests } from "@/db";
import { openDatabase, type DbHandle } from "@/db/client";
import { connectionFailure } from "@/db/errors";
import { call } from "../helpers/http";

/**
 * While PostgreSQL cannot be reached, every route answers 503 with Retry-After and the catalogue's
 * message within a few seconds: never a 500, never a request left hanging. Runs without a database
 * of its own (the same on the PGlite and the PostgreSQL pass).
 */

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Accepts connections and never answers: a database host that hangs (or a half-dead network). */
async function silentServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const TOKEN = "a".repeat(64);
const checkInBody = { date: "2026-01-06", type: "student_number", chips: [{ value: "100001" }] };

async function expectUnavailable(run: () => Promise<{ status: number; headers: Headers; body: any }>, withinMs: number) {
  const started = Date.now();
  const answer = await run();
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("5");
  expect(answer.body.code).toBe("database_unavailable");
  expect(answer.body.message).toMatch(/try again/);
  expect(Date.now() - started).toBeLessThan(withinMs);
}

describe("PostgreSQL refuses connections (stopped, restarting)", () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await closedPort()}/flexblock`, migrate: false });
    setDatabaseForTests(handle);
  });
  afterAll(() => handle.close());

  it("answers a signed-in read with 503 and Retry-After at once", async () => {
    await expectUnavailable(() => call(currentUser, { token: TOKEN }), 3000);
  });

  it("answers a public write (sign-in) with 503, not 500", async () => {
    await expectUnavailable(() => call(login, { body: { username: "teacher@demo.school", password: "x" } }), 3000);
  });

  it("answers a check-in with 503, so the screen keeps the chips", async () => {
    await expectUnavailable(() => call(checkIn, { token: TOKEN, body: checkInBody }), 3000);
  });

  it("classifies the driver's error as a connection that was never reached", async () => {
    const error = await handle.db.execute(sql`select 1`).then(
      () => null,
      (e: unknown) => e,
    );
    expect(connectionFailure(error)).toBe("unreached");
  });
});

describe("PostgreSQL accepts connections and never answers", () => {
  let handle: DbHandle;
  let server: Awaited<ReturnType<typeof silentServer>>;
  beforeAll(async () => {
    server = await silentServer();
    handle = await openDatabase({
      url: `postgres://postgres@127.0.0.1:${server.port}/flexblock`,
      migrate: false,
      connectTimeout: 1,
    });
    setDatabaseForTests(handle);
  });
  afterAll(async () => {
    await handle.close();
    await server.close();
  });

  it("gives up after the connect timeout (and one retry) with 503, not a hang", async () => {
    // connect timeout 1 s, one retry on a new connection: about 2 s, far below a client's patience.
    await expectUnavailable(() => call(currentUser, { token: TOKEN }), 6000);
  });
});

describe("which errors mean the database is unreachable", () => {
  it.each([
    [{ code: "ECONNREFUSED" }, "unreached"],
    [{ code: "CONNECT_TIMEOUT" }, "unreached"],
    [{ code: "57P03" }, "unreached"],
    [{ code: "CONNECTION_CLOSED" }, "lost"],
    [{ code: "57P01" }, "lost"],
    [{ code: "ECONNRESET" }, "lost"],
    [Object.assign(new Error("Failed query"), { cause: { code: "57P01" } }), "lost"],
    [Object.assign(new AggregateError([{ code: "ECONNREFUSED" }, { code: "ECONNREFUSED" }]), {}), "unreached"],
    [{ code: "23505" }, null],
    [{ code: "UNSAFE_TRANSACTION" }, null],
    [new Error("boom"), null],
  ])("%p is %p", (error, expected) => {
    expect(connectionFailure(error)).toBe(expected);
  });
});
