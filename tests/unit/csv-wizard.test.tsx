// The browser build of csv-parse is ESM only; Jest runs the package's CommonJS build of the same parser.
jest.mock("csv-parse/browser/esm/sync", () => jest.requireActual("csv-parse/sync"));

import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { CsvWizard } from "@/components/people/csv-wizard";
import { fetcher } from "@/lib/api/request.client";
import type { DryRunResult, UploadAccepted } from "@/lib/imports/present";

/**
 * The File Upload wizard walked in the browser (its pure rules: imports-wizard.test.ts; the server's:
 * tests/api/imports.test.ts): what an administrator is told when an upload fails part-way, and when
 * there is nothing to upload.
 */

// jsdom's Blob has no text(); the wizard reads each file's first lines with it.
if (!Blob.prototype.text) {
  Blob.prototype.text = function text(this: Blob) {
    return new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(this);
    });
  };
}

type Reply = [number, unknown];

const dryRun = (filename: string, counts: Partial<DryRunResult> = {}): DryRunResult => ({
  dry_run: true,
  filename,
  header_skipped: false,
  update_existing: false,
  rows: 2,
  created: 2,
  updated: 0,
  unchanged: 0,
  skipped: 0,
  conflict: 0,
  errors: [],
  updates: [],
  existing: [],
  conflicts: [],
  ...counts,
});
const accepted = (filename: string, id: number): UploadAccepted => ({
  job_id: id,
  import_id: id,
  filename,
  rows: 2,
  status: "queued",
  report: `/imports/${id}`,
  message: "A notification will arrive when the file has been processed.",
});

/** The multipart forms the wizard sent, in order. */
let sent: FormData[] = [];

/**
 * fetch: the dry run and the upload of each file by name, every job running, and the mapping
 * remembered for a header row (none unless given).
 */
function server(replies: {
  dry: Record<string, Reply>;
  upload: Record<string, Reply>;
  mappings?: Record<string, (string | null)[]>;
}) {
  sent = [];
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: Reply = [404, { message: "no" }];
    if (url.startsWith("/api/imports/mappings?")) {
      const query = new URLSearchParams(url.split("?")[1]);
      const key = query.get("headers_key")!;
      reply = [
        200,
        {
          kind: query.get("kind"),
          headers_key: key,
          mapping: replies.mappings?.[key] ?? null,
          updated_at: null,
        },
      ];
    } else if (init?.method === "POST" && url === "/api/students/upload") {
      sent.push(init.body as FormData);
      const form = init.body as FormData;
      const name = (form.get("file") as File).name;
      reply = (form.get("dry_run") === "true" ? replies.dry : replies.upload)[name] ?? reply;
    } else if (url.startsWith("/api/jobs/")) {
      reply = [200, { id: 1, kind: "import", status: "running", done: 0, total: 2 }];
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

const file = (name: string, lines: string[]) =>
  new File([`${lines.join("\n")}\n`], name, { type: "text/csv" });

async function walkToDryRun(files: File[]) {
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <CsvWizard kind="students" close={jest.fn()} />
    </SWRConfig>,
  );
  await user.upload(screen.getByLabelText("Choose CSV files"), files);
  expect(
    within(await screen.findByRole("list", { name: "Chosen files" })).getAllByRole("listitem"),
  ).toHaveLength(files.length);
  await user.click(screen.getByRole("button", { name: "Next" }));
  await screen.findByLabelText("Column 1");
  // Updating existing students is an explicit choice, off by default.
  expect(
    screen.getByRole("checkbox", {
      name: "Update existing students (names and grade) when a row's student number matches one",
    }),
  ).not.toBeChecked();
  await user.click(screen.getByRole("button", { name: "Next" }));
  expect(await screen.findAllByTestId("dry-run")).toHaveLength(files.length);
  return user;
}

const a = file("a.csv", ["Ann,Lee,9,7100001", "Bo,Ng,10,7100002"]);
const b = file("b.csv", ["Cy,Oh,9,7100003", "Di,Park,10,7100004"]);

it("says 'Unable to upload files.' and which file went through when the second upload fails", async () => {
  server({
    dry: { "a.csv": [200, dryRun("a.csv")], "b.csv": [200, dryRun("b.csv")] },
    upload: {
      "a.csv": [202, accepted("a.csv", 1)],
      "b.csv": [503, { code: "unavailable", message: "The database is not available." }],
    },
  });
  const user = await walkToDryRun([a, b]);
  await user.click(screen.getByRole("button", { name: "Upload" }));
  const confirm = await screen.findByRole("dialog", { name: "Create student accounts" });
  await user.type(within(confirm).getByLabelText("Your password"), "my-password");
  await user.click(within(confirm).getByRole("button", { name: "Upload" }));

  const alert = await screen.findByText(/^Unable to upload files\./);
  expect(alert).toHaveAttribute("role", "alert");
  expect(alert).toHaveTextContent("a.csv was uploaded.");
  expect(alert).toHaveTextContent("Upload b.csv again.");
  // a.csv is being processed, and only it is promised a notification.
  expect(await screen.findAllByTestId("upload-progress")).toHaveLength(1);
  expect(screen.getByTestId("upload-progress")).toHaveTextContent("a.csv");
  expect(screen.getByRole("status")).toHaveTextContent(
    "A notification will arrive when a.csv has been processed.",
  );
});

it("says 'Unable to upload files.' and stays on the dry run when the first upload fails", async () => {
  server({
    dry: { "a.csv": [200, dryRun("a.csv")] },
    upload: { "a.csv": [500, { message: "boom" }] },
  });
  const user = await walkToDryRun([a]);
  await user.click(screen.getByRole("button", { name: "Upload" }));
  const confirm = await screen.findByRole("dialog", { name: "Create student accounts" });
  await user.type(within(confirm).getByLabelText("Your password"), "my-password");
  await user.click(within(confirm).getByRole("button", { name: "Upload" }));
  expect(await screen.findByRole("alert")).toHaveTextContent(/^Unable to upload files\.$/);
  expect(screen.getAllByTestId("dry-run")).toHaveLength(1);
});

it("ends with the spec's message when every file is uploaded", async () => {
  server({
    dry: { "a.csv": [200, dryRun("a.csv")], "b.csv": [200, dryRun("b.csv")] },
    upload: { "a.csv": [202, accepted("a.csv", 1)], "b.csv": [202, accepted("b.csv", 2)] },
  });
  const user = await walkToDryRun([a, b]);
  await user.click(screen.getByRole("button", { name: "Upload" }));
  const confirm = await screen.findByRole("dialog", { name: "Create student accounts" });
  await user.type(within(confirm).getByLabelText("Your password"), "my-password");
  await user.click(within(confirm).getByRole("button", { name: "Upload" }));
  expect(await screen.findByRole("status")).toHaveTextContent(
    "Your files have been uploaded. A notification will arrive when the CSVs have been processed.",
  );
  expect(screen.getAllByTestId("upload-progress")).toHaveLength(2);
  expect(screen.queryByRole("alert")).toBeNull();
});

it("says why Upload is off when no row would be created or updated", async () => {
  server({
    dry: {
      "a.csv": [200, dryRun("a.csv", { created: 0, unchanged: 1, skipped: 1 })],
    },
    upload: {},
  });
  await walkToDryRun([a]);
  expect(screen.getByRole("button", { name: "Upload" })).toBeDisabled();
  expect(
    screen.getByText(
      "Nothing to upload: every row already exists or has an error. To change existing students, go back and choose to update them.",
    ),
  ).toBeInTheDocument();
});

describe("a school information system's export", () => {
  const HEADER = "School ID,Student ID,Last,First,Preferred,Grade Level,Gender,Homeroom,Student Email,Bus";
  const sis = () =>
    file("sis.csv", [HEADER, 'S1,8800001,Castellano,Maya,Mia,9,F,"Lovelace, Ada",maya@sis.school,12']);
  const columnChoice = (n: number) => screen.getByLabelText(`Column ${n}`) as HTMLSelectElement;

  async function toFields(mappings?: Record<string, (string | null)[]>) {
    server({ dry: { "sis.csv": [200, dryRun("sis.csv", { header_skipped: true })] }, upload: {}, mappings });
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <CsvWizard kind="students" close={jest.fn()} />
      </SWRConfig>,
    );
    await user.upload(screen.getByLabelText("Choose CSV files"), [sis()]);
    expect(await screen.findByText(/first line names the 10 columns/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByLabelText("Column 10");
    return user;
  }

  it("matches the columns it recognises, ignores the rest, and sends the mapping with the header row", async () => {
    const user = await toFields();
    expect(Array.from({ length: 10 }, (_, i) => columnChoice(i + 1).value)).toEqual([
      "",
      "student_number",
      "last_name",
      "first_name",
      "preferred_first_name",
      "grade",
      "",
      "homeroom",
      "email",
      "",
    ]);
    expect(within(columnChoice(1)).getByRole("option", { name: "Ignore" })).toBeInTheDocument();
    expect(
      screen.getByRole("checkbox", { name: "The first line names the columns (it is not imported)" }),
    ).toBeChecked();
    // Gender is not a field: the administrator may match it anyway, then change their mind.
    await user.selectOptions(columnChoice(7), "Default teacher email");
    expect(screen.getByRole("alert")).toHaveTextContent(
      "Choose either Default teacher email or Homeroom teacher, not both.",
    );
    await user.selectOptions(columnChoice(7), "Ignore");
    // Choosing a field another column has moves it: that column is ignored now.
    await user.selectOptions(columnChoice(1), "Email");
    expect([columnChoice(1).value, columnChoice(9).value]).toEqual(["email", ""]);
    await user.selectOptions(columnChoice(1), "Ignore");
    await user.selectOptions(columnChoice(9), "Email");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findAllByTestId("dry-run")).toHaveLength(1);
    const form = sent[0]!;
    expect(JSON.parse(form.get("mapping") as string)).toEqual([
      null,
      "student_number",
      "last_name",
      "first_name",
      "preferred_first_name",
      "grade",
      null,
      "homeroom",
      "email",
      null,
    ]);
    expect(form.get("header_row")).toBe("true");
    expect(form.get("dry_run")).toBe("true");
  });

  it("starts from the mapping remembered for the same header row", async () => {
    const key = HEADER.toLowerCase().split(",").join("\u001f");
    const mapping = [
      null,
      "student_number",
      "last_name",
      "first_name",
      "preferred_first_name",
      "grade",
      null,
      "homeroom",
      "email",
      null,
    ];
    await toFields({ [key]: mapping });
    expect(await screen.findByTestId("mapping-recalled")).toBeInTheDocument();
    expect(Array.from({ length: 10 }, (_, i) => columnChoice(i + 1).value || null)).toEqual(mapping);
    const lookup = (global.fetch as jest.Mock).mock.calls.find(([url]) =>
      String(url).startsWith("/api/imports/mappings?"),
    );
    expect(new URLSearchParams(String(lookup![0]).split("?")[1]).get("headers_key")).toBe(key);
  });

  it("skips the first line only of the files that name their columns, unless told otherwise", async () => {
    server({
      dry: { "sis.csv": [200, dryRun("sis.csv")], "more.csv": [200, dryRun("more.csv")] },
      upload: {},
    });
    const user = userEvent.setup();
    render(
      <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
        <CsvWizard kind="students" close={jest.fn()} />
      </SWRConfig>,
    );
    const more = file("more.csv", ["S1,8800002,Okafor,Chidi,,12,M,alan@sis.school,,3"]);
    await user.upload(screen.getByLabelText("Choose CSV files"), [sis(), more]);
    await screen.findByText("more.csv");
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByLabelText("Column 10");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findAllByTestId("dry-run")).toHaveLength(2);
    expect(sent.map((form) => [(form.get("file") as File).name, form.get("header_row")])).toEqual([
      ["sis.csv", "true"],
      ["more.csv", null],
    ]);
    // Said once, it holds for every file.
    await user.click(screen.getByRole("button", { name: "Back" }));
    await user.click(
      screen.getByRole("checkbox", { name: "The first line names the columns (it is not imported)" }),
    );
    await user.click(screen.getByRole("button", { name: "Next" }));
    await screen.findAllByTestId("dry-run");
    expect(sent.slice(2).map((form) => form.get("header_row"))).toEqual([null, null]);
  });

  it("will not go on while a required field is unmatched", async () => {
    const user = await toFields();
    await user.selectOptions(columnChoice(6), "Ignore");
    expect(screen.getByRole("alert")).toHaveTextContent("Use each field once: Grade is missing.");
    expect(screen.getByRole("button", { name: "Next" })).toBeDisabled();
  });
});
