// API tests: quiet logs, a fixed school zone, the real clock.
Object.assign(process.env, { LOG_LEVEL: "silent", NODE_ENV: "test" });
// The socket address a request came from, as scripts/server.mjs stamps it in the server:
// tests name a caller's address with this header (lib/api/client-address.ts).
process.env.FLEXBLOCK_PEER_HEADER = "x-test-peer";
