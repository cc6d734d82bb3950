// npm run create-sysadmin -- --email it@school.example --name "IT Office"
// Creates the first account of a real school and prints its one-time password.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "../db/client";
import { env } from "../lib/core/env.server";
import { createSysadminAccount } from "../lib/people/accounts.server";

const input = z.object({ email: z.email("--email must be an email address"), name: z.string().trim().min(1, "--name is required") });

async function main() {
  const { values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" } } });
  const parsed = input.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((issue) => issue.message).join("\n"));
    console.error('Usage: npm run create-sysadmin -- --email it@school.example --name "IT Office"');
    process.exit(2);
  }
  const config = env();
  const handle = await openDatabase({ url: config.DATABASE_URL, pgliteDir: config.PGLITE_DIR });
  try {
    const { sysadmin, password } = await createSysadminAccount(handle.db, parsed.data);
    console.log(`Created system administrator ${sysadmin.email}.`);
    console.log(`One-time password: ${password}`);
    console.log("It is shown only now; the first sign-in asks for a new password.");
  } catch (error) {
    // PostgreSQL's unique_violation, on the error drizzle wraps (its message carries the statement's
    // parameters, the new password's hash among them: never printed).
    const cause = (error as { cause?: { code?: string } }).cause;
    const duplicate = cause?.code === "23505" || (error as { code?: string }).code === "23505";
    console.error(duplicate ? "An account with that email already exists." : "Could not create the account: " + (cause instanceof Error ? cause.message : "see the server log."));
    process.exitCode = 1;
  } finally {
    await handle.close();
  }
}

void main();
