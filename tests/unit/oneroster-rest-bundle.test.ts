/** @jest-environment node */
import { parseBundle } from "@/lib/oneroster/parse";
import { bundleOf, type Records } from "@/lib/oneroster/rest/bundle";

/**
 * A REST pull's records written as the CSV bundle (lib/oneroster/rest/bundle.ts): values arrive as the SIS
 * sent them (no spreadsheet formula escape, commas and quotes kept), a value of an unexpected type becomes
 * an empty cell the parser then reports, and the modes go in the manifest.
 */
const none = (): Records => ({ orgs: [], academicSessions: [], users: [], courses: [], classes: [], enrollments: [] });
const delta = { orgs: "delta", academicSessions: "delta", users: "delta", courses: "delta", classes: "delta", enrollments: "delta" } as const;

it("keeps values exactly: a leading = or -, commas, quotes and line breaks", async () => {
  const records = none();
  records.users.push({
    sourcedId: "u1",
    role: "student",
    username: "u1",
    givenName: "=Ann, \"Jo\"",
    familyName: "-Smith\nJr",
    identifier: "100",
    grades: ["09"],
    orgs: [{ sourcedId: "school" }],
  });
  const bundle = await parseBundle(await bundleOf("1.1", records, delta));
  expect(bundle.modes).toMatchObject({ users: "delta", roles: "absent" });
  expect(bundle.users[0]).toMatchObject({ givenName: "=Ann, \"Jo\"", familyName: "-Smith\nJr", grades: ["09"], orgSourcedIds: ["school"], role: "student" });
});

it("1.2: each role inside a user is a roles.csv row", async () => {
  const records = none();
  records.users.push({
    sourcedId: "t1",
    username: "t1",
    givenName: "Tea",
    familyName: "Cher",
    email: "t1@school.test",
    roles: [
      { roleType: "primary", role: "teacher", org: { sourcedId: "north" } },
      { roleType: "secondary", role: "teacher", org: { sourcedId: "south" } },
    ],
    metadata: { jobTitle: "Counsellor" },
  });
  const bundle = await parseBundle(await bundleOf("1.2", records, delta));
  expect(bundle.modes.roles).toBe("delta");
  expect(bundle.roles.map((r) => [r.userSourcedId, r.roleType, r.role, r.orgSourcedId])).toEqual([
    ["t1", "primary", "teacher", "north"],
    ["t1", "secondary", "teacher", "south"],
  ]);
  expect(bundle.users[0]).toMatchObject({ position: "Counsellor", role: null });
});

it("a value of an unexpected type is an empty cell: the parser's problem, with its file and line", async () => {
  const records = none();
  records.users.push({ sourcedId: "u1", role: "student", username: "u1", givenName: { nested: true }, familyName: "F", orgs: "not a list" });
  await expect(parseBundle(await bundleOf("1.1", records, delta))).rejects.toMatchObject({
    problems: [{ file: "users.csv", line: 2, reason: "givenName is empty." }],
  });
});
