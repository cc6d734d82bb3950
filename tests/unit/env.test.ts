/** @jest-environment node */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** lib/core/env.server.ts: the configuration checked at start. Each case loads the module afresh (it caches). */
function envWith(vars: Record<string, string | undefined>) {
  const saved = { ...process.env };
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  try {
    let read: unknown;
    jest.isolateModules(() => {
      read = (jest.requireActual("@/lib/core/env.server") as typeof import("@/lib/core/env.server")).env();
    });
    return read as ReturnType<typeof import("@/lib/core/env.server").env>;
  } finally {
    process.env = saved;
  }
}

describe("the environment", () => {
  it("refuses Microsoft sign-in without the school's own tenant", () => {
    const azure = { AZURE_AD_CLIENT_ID: "client", AZURE_AD_CLIENT_SECRET: "secret" };
    expect(() => envWith({ ...azure, AZURE_AD_TENANT_ID: undefined })).toThrow(
      /AZURE_AD_TENANT_ID: required/,
    );
    expect(() => envWith({ ...azure, AZURE_AD_TENANT_ID: "common" })).toThrow(/AZURE_AD_TENANT_ID/);
    expect(() => envWith({ ...azure, AZURE_AD_TENANT_ID: "Organizations" })).toThrow(/AZURE_AD_TENANT_ID/);
    // A domain works at Microsoft's endpoints but never equals the token's tid: refused at start.
    expect(() => envWith({ ...azure, AZURE_AD_TENANT_ID: "school.onmicrosoft.com" })).toThrow(/a GUID/);
    expect(
      envWith({ ...azure, AZURE_AD_TENANT_ID: "0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23" }).AZURE_AD_TENANT_ID,
    ).toBe("0f6b1e7c-5d2a-4c1b-9a57-2b7e0c8d1f23");
  });

  it("refuses Google sign-in without the school's Workspace domains", () => {
    const google = { GOOGLE_CLIENT_ID: "client", GOOGLE_CLIENT_SECRET: "secret" };
    expect(() => envWith({ ...google, GOOGLE_WORKSPACE_DOMAINS: undefined })).toThrow(/GOOGLE_WORKSPACE_DOMAINS: required/);
    expect(() => envWith({ ...google, GOOGLE_WORKSPACE_DOMAINS: "not a domain" })).toThrow(/GOOGLE_WORKSPACE_DOMAINS/);
    expect(envWith({ ...google, GOOGLE_WORKSPACE_DOMAINS: "school.example, students.school.example" }).GOOGLE_WORKSPACE_DOMAINS).toBe(
      "school.example, students.school.example",
    );
  });

  it("reads the database URL from DATABASE_URL_FILE (a container secret) when DATABASE_URL is unset", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "flexblock-env-")), "database_url");
    fs.writeFileSync(file, "postgres://flexblock:s3cret@db:5432/flexblock\n");
    expect(envWith({ DATABASE_URL: undefined, DATABASE_URL_FILE: file }).DATABASE_URL).toBe(
      "postgres://flexblock:s3cret@db:5432/flexblock",
    );
    expect(() => envWith({ DATABASE_URL: undefined, DATABASE_URL_FILE: `${file}.missing` })).toThrow(
      /DATABASE_URL_FILE: cannot read/,
    );
    fs.writeFileSync(file, "mysql://nope");
    expect(() => envWith({ DATABASE_URL: undefined, DATABASE_URL_FILE: file })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
  });
});
