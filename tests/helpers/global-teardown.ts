import fs from "node:fs";

export default async function globalTeardown() {
  const file = process.env.PGLITE_TEMPLATE;
  if (file) fs.rmSync(file, { force: true });
}
