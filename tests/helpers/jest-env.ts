// API tests: quiet logs, a fixed school zone, the real clock.
Object.assign(process.env, { LOG_LEVEL: "silent", NODE_ENV: "test" });
