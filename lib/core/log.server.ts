import "server-only";
import pino from "pino";

/** JSON-lines logger; every request's lines carry its request id. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "silent" : "info"),
  base: { app: "flexblock" },
  timestamp: pino.stdTimeFunctions.isoTime,
});
