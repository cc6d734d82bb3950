/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port: it may be restarted
 * and stopped without touching anyone else's database (the fault test restarts it mid-stream).
 * Found from the Debian packages (/usr/lib/postgresql/<version>/bin) or `pg_config --bindir`; as root
 * (CI) it runs as the `postgres` user, because initdb refuses root.
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface ThrowawayPostgres {
  url: string;
  port: number;
  /** `pg_ctl restart` in the given mode; resolves when the server accepts connections again. */
  restart(mode: "fast" | "immediate"): Promise<number>;
  stop(): Promise<void>;
}

function binDir(): string | null {
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs
      .readdirSync(debian)
      .filter((v) => fs.existsSync(path.join(debian, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(debian, versions[0]!, "bin");
  }
  try {
    const dir = execFileSync("pg_config", ["--bindir"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    if (fs.existsSync(path.join(dir, "initdb"))) return dir;
  } catch {
    // no pg_config
  }
  return null;
}

function postgresUserExists(): boolean {
  try {
    execFileSync("id", ["-u", "postgres"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** null when a throwaway server can be made here; otherwise the reason it cannot (the test is skipped). */
export function throwawayPostgresUnavailable(): string | null {
  if (process.platform === "win32") return "not on Windows";
  if (!binDir()) return "no PostgreSQL server binaries (initdb, pg_ctl) are installed";
  if (process.getuid?.() === 0 && !postgresUserExists()) return "running as root and there is no postgres user to run initdb as";
  return null;
}

/**
 * describe() for a suite that needs a throwaway server: where one cannot be made here the suite is
 * skipped, with the reason in its name and on the console.
 */
export function describeWithThrowawayPostgres(name: string, suite: () => void): void {
  const unavailable = throwawayPostgresUnavailable();
  if (!unavailable) return describe(name, suite);
  console.log(`${name}: skipped, ${unavailable}`);
  describe.skip(`${name} (skipped: ${unavailable})`, suite);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  if (!bin) throw new Error("no PostgreSQL binaries");
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-pg-"));
  if (asRoot) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  const port = await freePort();
  const pg = (tool: string, args: string[]) =>
    asRoot ? run("runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`;
  await pg("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  const ctl = (...args: string[]) =>
    pg("pg_ctl", ["-D", data, "-l", path.join(dir, "log"), "-o", serverOptions, "-w", "-t", "60", ...args]);
  await ctl("start");
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(mode) {
      const started = performance.now();
      await ctl("-m", mode, "restart");
      return performance.now() - started;
    },
    async stop() {
      await pg("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
