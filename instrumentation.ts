// Server start: migrate (and on a new embedded database, seed) before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await import("./instrumentation-node");
}
