import fs from "node:fs";
import path from "node:path";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { SWRConfig } from "swr";
import { useState } from "react";
import { OneRosterImport } from "@/components/imports/oneroster-import";
import { problemsOf } from "@/components/imports/use-oneroster-import";
import {
  OneRosterReview,
  choiceFields,
  otherSchoolsLine,
  shownValue,
  summaryLine,
  type OneRosterChoices,
  type OneRosterDryRun,
} from "@/components/imports/oneroster-review";
import { IMPORT_ONEROSTER } from "@/lib/wiki/help/admin-posts.server";
import { HELP_GROUPS } from "@/lib/wiki/help/content";
import * as client from "@/lib/api/request.client";

const upload = jest.fn();
const get = jest.fn();
const put = jest.fn();
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiUpload: (...args: unknown[]) => upload(...args),
  apiGet: (...args: unknown[]) => get(...args),
  apiPut: (...args: unknown[]) => put(...args),
}));

/** The OneRoster dry run's review: what a fixture plan (the shape of lib/oneroster/present.ts) shows. */

const plan: OneRosterDryRun = {
  dry_run: true,
  org_sourced_id: null,
  orgs: [
    { sourced_id: "dist", name: "North District", type: "district" },
    { sourced_id: "org-a", name: "Hillside Secondary", type: "school" },
    { sourced_id: "org-b", name: "Lakeview Secondary", type: "school" },
  ],
  school_year: {
    sourced_id: "y",
    name: "2026-27",
    start: "2026-09-01",
    end: "2027-06-30",
    current: null,
    change: "set",
    problem: null,
  },
  unmatched_periods: ["Lab", "Z"],
  other_schools: { users: 0, classes: 0, enrollments: 0 },
  counts: { created: 12, updated: 1, archived: 1, dropped: 0, unchanged: 40, errors: 1 },
  family_contacts: 2,
  samples: {
    created: [
      { kind: "student", sourced_id: "stu-1", name: "Ines Rosterton" },
      { kind: "enrollment", sourced_id: "enr-1", name: "stu-1 in cls-1" },
    ],
    updated: [
      {
        kind: "student",
        sourced_id: "stu-2",
        name: "Tomas Rosterton",
        fields: { grade: { before: 10, after: 11 }, email: { before: null, after: "tomas@school.example" } },
      },
    ],
    archived: [{ kind: "student", sourced_id: "stu-9", name: "Ada Gone" }],
    dropped: [],
  },
  errors: [{ file: "orgs.csv", line: 0, reason: "The bundle has 2 schools: choose one (org_sourced_id)." }],
  sis_administrators: [],
  protected: [],
  overwrites: [],
  kept: [],
  terms: [],
  homerooms: { classes: 0, students: 0 },
};

function Harness({
  initial,
  onChange,
}: {
  initial: OneRosterChoices;
  onChange: (c: OneRosterChoices) => void;
}) {
  const [choices, setChoices] = useState(initial);
  return (
    <OneRosterReview
      plan={plan}
      blocks={[
        { id: 11, label: "Block 1" },
        { id: 15, label: "Block 5" },
      ]}
      choices={choices}
      onChoicesChange={(next) => {
        setChoices(next);
        onChange(next);
      }}
    />
  );
}

it("sums the plan up in one line", () => {
  expect(summaryLine(plan.counts)).toBe("12 new, 1 changed, 1 archived, 0 dropped, 40 unchanged, 1 error.");
  expect(summaryLine({ ...plan.counts, errors: 0 })).toMatch(/no errors\.$/);
  expect(summaryLine({ ...plan.counts, created: 1234, errors: 3 })).toMatch(/^1,234 new, .* 3 errors\.$/);
});

it("says how many of a district bundle's records were other schools', and nothing when none were", () => {
  expect(otherSchoolsLine({ users: 0, classes: 0, enrollments: 0 })).toBeNull();
  expect(otherSchoolsLine({ users: 1, classes: 0, enrollments: 0 })).toBe("Left out as other schools' records: 1 person.");
  expect(otherSchoolsLine({ users: 1200, classes: 30, enrollments: 1 })).toBe(
    "Left out as other schools' records: 1,200 people, 30 classes and 1 enrolment.",
  );
  render(<OneRosterReview plan={{ ...plan, other_schools: { users: 2, classes: 1, enrollments: 0 } }} blocks={[]} choices={{ org_sourced_id: "org-a", periods: {} }} onChoicesChange={() => {}} />);
  expect(screen.getByText("Left out as other schools' records: 2 people and 1 class.")).toBeVisible();
});

it("shows samples with 'and N more', changes before → after, errors by file and line, and the choices", () => {
  const changes: OneRosterChoices[] = [];
  render(<Harness initial={{ org_sourced_id: "", periods: {} }} onChange={(c) => changes.push(c)} />);

  expect(
    screen.getByText("12 new, 1 changed, 1 archived, 0 dropped, 40 unchanged, 1 error."),
  ).toBeInTheDocument();
  const created = screen.getByRole("table", { name: "New records" });
  expect(within(created).getAllByRole("row")).toHaveLength(3);
  expect(within(created).getByRole("row", { name: "Student Ines Rosterton stu-1" })).toBeInTheDocument();
  expect(within(created).getByRole("row", { name: "Enrolment stu-1 in cls-1 enr-1" })).toBeInTheDocument();
  expect(screen.getByText("and 10 more")).toBeInTheDocument();
  // Family contacts: counted, never accounts (a file is not a person).
  expect(screen.getByTestId("oneroster-family-contacts")).toHaveTextContent(
    "Family contacts: 2 parent, guardian or relative links to students. They get the weekly summary by email; none of them gets an account.",
  );

  const changed = screen.getByRole("table", { name: "Changed records" });
  const row = within(changed).getByRole("row", { name: /Tomas Rosterton/ });
  expect(
    within(row)
      .getAllByRole("listitem")
      .map((li) => li.textContent),
  ).toEqual(["Grade: 10 → 11", "Email: (none) → tomas@school.example"]);
  expect(
    within(screen.getByRole("table", { name: "Archived records" })).getByText("Ada Gone"),
  ).toBeInTheDocument();
  expect(screen.queryByRole("table", { name: "Dropped records" })).toBeNull();
  expect(screen.getByText("No enrolment is dropped.")).toBeInTheDocument();

  const errors = screen.getByRole("table", { name: "Errors by file and line" });
  expect(
    within(errors).getByRole("row", { name: /orgs\.csv — The bundle has 2 schools/ }),
  ).toBeInTheDocument();

  // The school picker lists the schools only (not the district).
  const school = screen.getByRole("combobox", { name: "School" });
  expect(
    within(school)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["Choose a school", "Hillside Secondary", "Lakeview Secondary"]);
  fireEvent.change(school, { target: { value: "org-b" } });
  expect(changes.at(-1)).toEqual({ org_sourced_id: "org-b", periods: {} });

  // One select per unmatched period, offering the blocks given (the class blocks).
  const lab = screen.getByRole("combobox", { name: "Period “Lab”" });
  expect(
    within(lab)
      .getAllByRole("option")
      .map((o) => o.textContent),
  ).toEqual(["No block (leave it out)", "Block 1", "Block 5"]);
  expect(screen.getByRole("combobox", { name: "Period “Z”" })).toHaveValue("");
  fireEvent.change(lab, { target: { value: "15" } });
  expect(changes.at(-1)).toEqual({ org_sourced_id: "org-b", periods: { Lab: "15" } });
  expect(choiceFields(changes.at(-1)!)).toEqual({ org_sourced_id: "org-b", periods: '{"Lab":15}' });
});

it("hides the choices when the bundle asks for none", () => {
  render(
    <OneRosterReview
      plan={{
        ...plan,
        orgs: [plan.orgs[1]!],
        unmatched_periods: [],
        errors: [],
        counts: { ...plan.counts, errors: 0 },
      }}
      blocks={[]}
      choices={{ org_sourced_id: "org-a", periods: {} }}
      onChoicesChange={() => undefined}
    />,
  );
  expect(screen.queryByRole("heading", { name: "Your choices" })).toBeNull();
  expect(screen.queryByRole("combobox")).toBeNull();
  expect(screen.queryByRole("table", { name: "Errors by file and line" })).toBeNull();
});

it("sends only the periods given a block, and no empty school", () => {
  expect(choiceFields({ org_sourced_id: "", periods: { Lab: "", Z: "" } })).toEqual({});
  expect(choiceFields({ org_sourced_id: "org-a", periods: { "3": "12", Z: "" } })).toEqual({
    org_sourced_id: "org-a",
    periods: '{"3":12}',
  });
});

it("words values plainly and reads a refusal's field errors back into file and line", () => {
  expect([null, "", true, false, 11, "x"].map(shownValue)).toEqual([
    "(none)",
    "(none)",
    "yes",
    "no",
    "11",
    "x",
  ]);
  expect(
    problemsOf({
      "users.csv": ["line 4: A student needs a grade."],
      file: ["Choose the OneRoster bundle (a .zip file) to upload."],
    }),
  ).toEqual([
    { file: "users.csv", line: 4, reason: "A student needs a grade." },
    { file: "", line: 0, reason: "Choose the OneRoster bundle (a .zip file) to upload." },
  ]);
});

it("the help post says what the screen says, and is shipped to administrators", () => {
  const plain = IMPORT_ONEROSTER.body.replace(/[*`]/g, "").replace(/\s+/g, " ");
  const root = path.join(__dirname, "..", "..");
  const claims: Record<string, string[]> = {
    "components/imports/oneroster-import.tsx": [
      "OneRoster (SIS)",
      "Choose a OneRoster .zip",
      "Check again",
      "Apply",
      "Nothing has been written yet.",
    ],
    "components/imports/school-year-choice.tsx": ["Also change the school year to"],
    "components/imports/oneroster-review.tsx": [
      "No block (leave it out)",
      "School",
      "and N more".replace("N", "{n(more)}"),
    ],
    "components/people/list-parts.tsx": ["Imports"],
    "components/imports/oneroster-decisions.tsx": [
      "People the SIS calls administrators",
      "Make administrator",
      "Skipped to protect administrators and sysadmins",
      "Local values this import overwrites",
      "The school's values kept",
      "New: added",
    ],
  };
  const unsaid: string[] = [];
  const unbuilt: string[] = [];
  for (const [file, phrases] of Object.entries(claims)) {
    const code = fs.readFileSync(path.join(root, file), "utf8");
    for (const phrase of phrases) {
      const said = phrase.replace("{n(more)}", "N");
      if (!plain.includes(said)) unsaid.push(said);
      if (!code.includes(phrase)) unbuilt.push(`${phrase} (${file})`);
    }
  }
  for (const label of ["New", "Changed", "Archived", "Dropped", "Created", "Updated", "Unchanged"]) {
    if (!new RegExp(`\\b${label}\\b`).test(plain)) unsaid.push(label);
  }
  expect({ unsaid, unbuilt }).toEqual({ unsaid: [], unbuilt: [] });
  expect(HELP_GROUPS.find((g) => g.key === "administering")!.posts).toContain(IMPORT_ONEROSTER);
});

describe("the OneRoster section", () => {
  afterEach(() => upload.mockReset());

  const fields = (form: FormData) => Object.fromEntries([...form.entries()].filter(([k]) => k !== "file"));
  const checked: OneRosterDryRun = {
    ...plan,
    orgs: [plan.orgs[1]!],
    org_sourced_id: "org-a",
    unmatched_periods: ["Lab"],
    errors: [],
    counts: { ...plan.counts, errors: 0 },
  };
  const swr = (path: string) =>
    path === "/api/timetable"
      ? {
          blocks: [
            { id: 15, label: "Block 5", flex: false },
            { id: 16, label: "Focus Block", flex: true },
          ],
        }
      : {
          id: 41,
          status: "succeeded",
          done: 1,
          total: 1,
          error: null,
          result: {
            status: "done",
            created: 12,
            updated: 1,
            archived: 1,
            dropped: 0,
            unchanged: 40,
            errors: [],
            unmatched_periods: [],
          },
        };

  it("checks, asks for a new check after a choice, applies the same file with the choices, and shows the result", async () => {
    upload
      .mockResolvedValueOnce(checked)
      .mockResolvedValueOnce({ ...checked, unmatched_periods: [] })
      .mockResolvedValueOnce({ job: { id: 41 }, import: { id: 9 } });
    render(
      <SWRConfig
        value={{ provider: () => new Map(), fetcher: async (path: string) => swr(path), dedupingInterval: 0 }}
      >
        <OneRosterImport />
      </SWRConfig>,
    );
    const check = screen.getByRole("button", { name: "Check" });
    expect(check).toBeDisabled();
    const file = new File(["zip"], "sis.zip", { type: "application/zip" });
    fireEvent.change(screen.getByLabelText("Choose a OneRoster .zip"), { target: { files: [file] } });
    expect(screen.getByText("sis.zip")).toBeInTheDocument();
    fireEvent.click(check);
    await screen.findByText("12 new, 1 changed, 1 archived, 0 dropped, 40 unchanged, no errors.");
    expect(upload).toHaveBeenLastCalledWith("/api/rostering/oneroster", expect.any(FormData));
    expect(fields(upload.mock.calls[0][1])).toEqual({ dry_run: "true" });
    expect((upload.mock.calls[0][1] as FormData).get("file")).toBe(file);

    // The flex block is not offered; a choice makes the plan stale until checked again.
    const lab = await screen.findByRole("combobox", { name: "Period “Lab”" });
    await waitFor(() =>
      expect(
        within(lab)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["No block (leave it out)", "Block 5"]),
    );
    const apply = screen.getByRole("button", { name: "Apply" });
    expect(apply).toBeEnabled();
    fireEvent.change(lab, { target: { value: "15" } });
    expect(apply).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    await waitFor(() => expect(screen.queryByRole("combobox", { name: "Period “Lab”" })).toBeNull());
    expect(fields(upload.mock.calls[1][1])).toEqual({
      dry_run: "true",
      org_sourced_id: "org-a",
      periods: '{"Lab":15}',
    });
    await waitFor(() => expect(screen.getByRole("button", { name: "Apply" })).toBeEnabled());

    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    const done = await screen.findByText("The import is done.");
    const result = done.closest<HTMLElement>('[role="status"]')!;
    expect(fields(upload.mock.calls[2][1])).toEqual({
      dry_run: "false",
      org_sourced_id: "org-a",
      periods: '{"Lab":15}',
    });
    expect(
      within(result)
        .getAllByRole("definition")
        .map((d) => d.textContent),
    ).toEqual(["12", "1", "1", "0", "40"]);
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    // Applied: the panel no longer says nothing was written, and the import's report is one click away.
    expect(screen.queryByText("Nothing has been written yet.")).toBeNull();
    expect(screen.getByText("Applied: the import's result is below, and its report is in the Imports list.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the import's report" })).toHaveAttribute("href", "/imports/9");
  });

  it("shows the school year: set when the school has none, before → after with a choice when it differs", async () => {
    const differs: OneRosterDryRun = {
      ...checked,
      unmatched_periods: [],
      school_year: {
        ...checked.school_year!,
        start: "2026-08-24",
        current: { start: "2026-09-01", end: "2027-06-30" },
        change: "update",
      },
    };
    upload
      .mockResolvedValueOnce({ ...checked, unmatched_periods: [] })
      .mockResolvedValueOnce(differs)
      .mockResolvedValueOnce({ job: { id: 41 } });
    render(
      <SWRConfig
        value={{ provider: () => new Map(), fetcher: async (path: string) => swr(path), dedupingInterval: 0 }}
      >
        <OneRosterImport />
      </SWRConfig>,
    );
    fireEvent.change(screen.getByLabelText("Choose a OneRoster .zip"), {
      target: { files: [new File(["zip"], "a.zip")] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByText(
      "School year: 2026-27, September 1, 2026 – June 30, 2027. The school's year is not set up yet: applying sets it.",
    );
    expect(screen.queryByRole("checkbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    const box = await screen.findByRole("checkbox", {
      name: "Also change the school year to August 24, 2026 – June 30, 2027",
    });
    expect(
      screen.getByText(
        (_, element) =>
          element?.tagName === "P" &&
          element.textContent ===
            "The school year differs. The school's: September 1, 2026 – June 30, 2027 → the bundle's (2026-27): August 24, 2026 – June 30, 2027.",
      ),
    ).toBeInTheDocument();
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    expect(box).toBeChecked();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("The import is done.");
    expect(fields(upload.mock.calls[2][1])).toEqual({
      dry_run: "false",
      org_sourced_id: "org-a",
      apply_school_year: "true",
    });
  });

  it("sends no school-year choice when it is left unticked, and says why a year cannot be applied", async () => {
    const blocked: OneRosterDryRun = {
      ...checked,
      unmatched_periods: [],
      school_year: {
        ...checked.school_year!,
        start: "2026-10-01",
        current: { start: "2026-09-01", end: "2027-06-30" },
        change: "update",
        problem:
          "Semester 1 must fall within the school year (Thursday, October 1, 2026 – Wednesday, June 30, 2027).",
      },
    };
    upload.mockResolvedValueOnce(blocked).mockResolvedValueOnce({ job: { id: 41 } });
    render(
      <SWRConfig
        value={{ provider: () => new Map(), fetcher: async (path: string) => swr(path), dedupingInterval: 0 }}
      >
        <OneRosterImport />
      </SWRConfig>,
    );
    fireEvent.change(screen.getByLabelText("Choose a OneRoster .zip"), {
      target: { files: [new File(["zip"], "a.zip")] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByText(/It cannot be applied: Semester 1 must fall within the school year/);
    expect(screen.queryByRole("checkbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Apply" }));
    await screen.findByText("The import is done.");
    expect(fields(upload.mock.calls[1][1])).toEqual({ dry_run: "false", org_sourced_id: "org-a" });
  });

  it("keeps Apply off while the plan has errors, and lists a refusal by file and line", async () => {
    upload
      .mockResolvedValueOnce(plan)
      .mockRejectedValueOnce(
        new client.ApiClientError(
          422,
          "validation_failed",
          "The bundle was refused: users.csv line 4: A student needs a grade.",
          { "users.csv": ["line 4: A student needs a grade."] },
        ),
      );
    render(
      <SWRConfig
        value={{ provider: () => new Map(), fetcher: async (path: string) => swr(path), dedupingInterval: 0 }}
      >
        <OneRosterImport />
      </SWRConfig>,
    );
    fireEvent.change(screen.getByLabelText("Choose a OneRoster .zip"), {
      target: { files: [new File(["zip"], "a.zip")] },
    });
    fireEvent.click(screen.getByRole("button", { name: "Check" }));
    await screen.findByRole("table", { name: "Errors by file and line" });
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
    expect(screen.getByText("Fix the errors and check again to apply.")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Check again" }));
    const alert = await screen.findByRole("alert");
    expect(
      within(alert).getByText("The bundle was refused: users.csv line 4: A student needs a grade."),
    ).toBeInTheDocument();
    expect(
      within(alert).getByRole("row", { name: "users.csv 4 A student needs a grade." }),
    ).toBeInTheDocument();
  });
});

describe("the decisions a bundle asks an administrator to see", () => {
  afterEach(() => {
    get.mockReset();
    put.mockReset();
  });
  const decided: OneRosterDryRun = {
    ...plan,
    errors: [],
    sis_administrators: [
      { sourced_id: "a1", name: "Sam Secretary", email: "sam@s.example", role: "administrator", staff_id: 12, administrator: false, granted: false, removed_by_school: false },
      { sourced_id: "a2", name: "Nia New", email: "nia@s.example", role: "principal", staff_id: null, administrator: false, granted: false, removed_by_school: false },
    ],
    protected: [
      {
        sourced_id: "p1",
        name: "Petra Peer",
        line: 4,
        account: "administrator",
        reason: "The row would change an administrator's account: only a sysadmin changes it.",
        fields: { email: { before: "petra@s.example", after: "mallory@x.example" } },
      },
    ],
    overwrites: [{ kind: "student", field: "last_name", count: 3, samples: [{ sourced_id: "s1", name: "Al Follow", before: "Folow", after: "Follow" }] }],
    kept: [{ kind: "student", field: "preferred_first_name", count: 110, samples: [{ sourced_id: "s2", name: "Robert Owner", before: "Bobby", after: "Rob" }] }],
    terms: [
      { sourced_id: "t1", name: "Semester 1", start: "2026-09-01", end: "2027-01-31", matched: "name_and_dates", term: { id: 4, name: "Semester 1", start: "2026-09-01", end: "2027-01-31" } },
      { sourced_id: "t2", name: "Q3", start: "2027-02-01", end: "2027-04-15", matched: null, term: null },
    ],
    homerooms: { classes: 2, students: 40 },
  };

  it("lists the SIS's administrators with a one-click grant through PUT /api/staff/{id}, the skipped rows, the overwrites, the kept values and the terms", async () => {
    get.mockResolvedValue({ first_name: "Sam", last_name: "Secretary", title: "Mx.", initials: "SS" });
    put.mockResolvedValue({});
    render(<OneRosterReview plan={decided} blocks={[]} choices={{ org_sourced_id: "", periods: {} }} onChoicesChange={() => undefined} />);
    const admins = screen.getByRole("table", { name: "People the SIS calls administrators" });
    expect(within(admins).getByRole("row", { name: /Nia New .* principal Staff, once applied/ })).toBeInTheDocument();
    fireEvent.click(within(admins).getByRole("button", { name: "Make Sam Secretary an administrator" }));
    await within(admins).findByText("Administrator");
    expect(get).toHaveBeenCalledWith("/api/staff/profile/12");
    expect(put).toHaveBeenCalledWith("/api/staff/12", { first_name: "Sam", last_name: "Secretary", title: "Mx.", initials: "SS", administrator: true });
    const skipped = screen.getByRole("table", { name: "Rows skipped to protect administrators and sysadmins" });
    expect(within(skipped).getByText("Email: petra@s.example → mallory@x.example")).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Local values this import overwrites" })).getByText("Al Follow: Folow → Follow")).toBeInTheDocument();
    const kept = screen.getByRole("table", { name: "The school's values kept" });
    expect(within(kept).getByRole("row", { name: /Preferred first name \(students\) 110 Robert Owner: Bobby → Rob/ })).toBeInTheDocument();
    const terms = screen.getByRole("table", { name: "Terms and how they match" });
    expect(within(terms).getByText("Semester 1, matched by name and dates")).toBeInTheDocument();
    expect(within(terms).getByText("New: added")).toBeInTheDocument();
    expect(screen.getByText(/2 homeroom classes, giving 40 students their homeroom teacher/)).toBeInTheDocument();
  });
});
