import fs from "node:fs";

export default async function globalTeardown() {
  const file = process.env.PGLITE_TEMPLATE;
  if (file) fs.rmSync(file, { force: true });
  const template = process.env.POSTGRES_TEMPLATE;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (template && serverUrl) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists ${template} with (force)`);
    } finally {
      await admin.end({ timeout: 5 });
    }
  }
}
