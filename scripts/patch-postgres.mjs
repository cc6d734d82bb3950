// postinstall: fixes in postgres.js 3.4.9 (the newest release) for what a database restart and a busy
// pool do to it. Without them, measured on this app (README "Staying up"):
//  1. UNSAFE_TRANSACTION / two transactions on one connection (porsager/postgres#823, #1189, #1204):
//     execute() skips the `onexecute` hook that reserves a transaction's connection whenever BEGIN is
//     the query that fills the pipeline or the socket is busy, and even when it runs, the pool then
//     moves the reserved connection back to `busy`, where other requests' statements (and BEGINs) are
//     pipelined onto it. Fix: reserve whenever BEGIN was written, and take no more pipelined queries.
//  2. A socket 'drain' hands a reserved connection back to the pool in the middle of its transaction.
//  3. After a connection closes, its unsent write buffer and a cleared-but-not-null flush timer are
//     kept: the next startup message is never flushed (requests hang until CONNECT_TIMEOUT, for as
//     long as the process lives) or goes out behind stale query bytes (PostgreSQL logs "invalid
//     length of startup packet").
//  4. A statement sent on a transaction's or reserved connection after it died crashed the process
//     (TypeError in nextWrite: socket is null) or hung; released dead connections re-entered the pool.
// Each edit is an exact text replacement and the file is marked; a different postgres.js version is
// left alone with a warning (tests/unit/postgres-patch.test.ts fails then, so an upgrade is a decision).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MARK = "/* flexblock-patched: postgres.js connection fixes v1 */";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "node_modules", "postgres");

const CONNECTION = [
  // 1. Reserve a transaction's connection as soon as BEGIN is written, and pipeline nothing behind it.
  [
    `      build(q)
      return write(toBuffer(q))
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline
        && (!q.options.onexecute || q.options.onexecute(connection))`,
    `      build(q)
      const written = write(toBuffer(q))
      if (q.options.onexecute) {
        q.options.onexecute(connection)
        return false
      }
      return written
        && !q.describeFirst
        && !q.cursorFn
        && sent.length < max_pipeline`,
  ],
  // 4. A statement on a connection whose socket is gone fails at once (and the connection stays closed).
  [
    `    if (q.cancelled)
      return

    try {
      q.state = backend`,
    `    if (q.cancelled)
      return

    if (!socket) {
      queryError(q, Errors.connection('CONNECTION_CLOSED', options))
      return true
    }

    try {
      q.state = backend`,
  ],
  [
    `  function nextWrite(fn) {
    const x = socket.write(chunk, fn)`,
    `  function nextWrite(fn) {
    if (!socket)
      return (chunk = nextWriteTimer = null, false)
    const x = socket.write(chunk, fn)`,
  ],
  // 2. A drained socket does not hand a reserved connection back to the pool.
  [
    `  function drain() {
    !query && onopen(connection)`,
    `  function drain() {
    !query && !connection.reserved && onopen(connection)`,
  ],
  // 3. A closed connection forgets its unsent bytes and its flush timer.
  [
    `    clearImmediate(nextWriteTimer)
    socket.removeListener('data', data)
    socket.removeListener('connect', connected)
    idleTimer.cancel()`,
    `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    socket.removeListener('data', data)
    socket.removeListener('connect', connected)
    idleTimer.cancel()`,
  ],
  [
    `    clearImmediate(nextWriteTimer)
    if (socket) {`,
    `    clearImmediate(nextWriteTimer)
    chunk = nextWriteTimer = null
    if (socket) {`,
  ],
];

const INDEX = [
  // 4. A dead connection (released, or closed in a transaction) is not put back in the pool.
  [
    `  function onopen(c) {
    if (queries.length === 0)`,
    `  function onopen(c) {
    if (c.queue === closed)
      return

    if (queries.length === 0)`,
  ],
];

function patch(file, edits) {
  const text = fs.readFileSync(file, "utf8");
  if (text.includes(MARK)) return "already";
  let next = text;
  for (const [from, to] of edits) {
    const at = next.indexOf(from);
    if (at < 0 || next.indexOf(from, at + from.length) >= 0) {
      throw new Error(`patch-postgres: ${path.relative(root, file)} does not contain the expected code once:\n${from}`);
    }
    next = next.replace(from, () => to);
  }
  fs.writeFileSync(file, `${MARK}\n${next}`);
  return "patched";
}

function main() {
  const manifest = path.join(root, "package.json");
  if (!fs.existsSync(manifest)) return;
  const { version } = JSON.parse(fs.readFileSync(manifest, "utf8"));
  if (version !== "3.4.9") {
    console.warn(`patch-postgres: postgres ${version} is not 3.4.9; not patched (check whether it still needs the fixes).`);
    return;
  }
  const results = [];
  for (const dir of ["src", "cjs/src"]) {
    results.push(patch(path.join(root, dir, "connection.js"), CONNECTION));
    results.push(patch(path.join(root, dir, "index.js"), INDEX));
  }
  if (results.includes("patched")) console.log("patch-postgres: postgres.js 3.4.9 connection fixes applied.");
}

main();
