import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { RosterSourcePanel } from "@/components/imports/roster-source-panel";
import type { RosterSource } from "@/components/imports/roster-source-types";
import { snackbar } from "@/components/ui/snackbar";

/**
 * "Connect your SIS" on the Imports screen: the form's values are the PUT body of
 * /api/rostering/source, checked in the browser first, the secret write-only, and a 422's field errors
 * shown on the fields they name. fetch is the only thing mocked: the panel's own requests go through it.
 */
jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));
const auth = { user: { role: "admin" }, settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] } };
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => auth, useSignedInUser: () => auth }));

type Answer = [status: number, body?: unknown];
let answers: Record<string, Answer | (() => Answer)>;
const fetchMock = jest.fn(async (path: string, init: RequestInit) => {
  const found = answers[`${init.method} ${path}`];
  const [status, body] = typeof found === "function" ? found() : (found ?? [500, { message: "unexpected" }]);
  return { ok: status < 400, status, text: async () => (body === undefined ? "" : JSON.stringify(body)) };
});
const sent = (method: string, path: string) =>
  fetchMock.mock.calls
    .filter(([p, init]) => p === path && init.method === method)
    .map(([, init]) => JSON.parse(String(init.body)) as Record<string, unknown>);

const saved: RosterSource = {
  base_url: "https://127.0.0.1:8443/ims/oneroster/rostering/v1p2",
  token_url: "https://127.0.0.1:8443/oauth/token",
  client_id: "flexblock",
  client_secret: null,
  client_secret_set: true,
  version: "1.2",
  school_sourced_id: null,
  schedule: "02:00",
  archive_missing: false,
  updated_at: "2026-12-04T10:00:00.000Z",
  last_run: null,
  next_run_at: "2026-12-05T10:00:00.000Z",
};
const MISSING: Answer = [404, { message: "No roster source is set up.", code: "roster_source_missing" }];

function renderPanel() {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <RosterSourcePanel />
    </SWRConfig>,
  );
}

beforeEach(() => {
  fetchMock.mockClear();
  (snackbar as unknown as jest.Mock).mockClear();
  global.fetch = fetchMock as unknown as typeof fetch;
});

it("without a source shows the empty state, then checks the fields before sending anything", async () => {
  answers = { "GET /api/rostering/source": MISSING };
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole("button", { name: "Set up a connection" }));
  const secret = screen.getByLabelText(/^Client secret/);
  expect(secret).toHaveAttribute("type", "password");
  expect(secret).not.toHaveAttribute("placeholder");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("The base URL is required.")).toBeInTheDocument();
  expect(screen.getByText("The client secret is required.")).toBeInTheDocument();
  expect(screen.getByLabelText(/^Base URL/)).toHaveAttribute("aria-invalid", "true");
  await user.type(screen.getByLabelText(/^Base URL/), "sis.local/oneroster");
  await user.click(screen.getByRole("button", { name: "Test connection" }));
  expect(await screen.findByText("The base URL is not a web address.")).toBeInTheDocument();
  expect(fetchMock.mock.calls.filter(([, init]) => init.method !== "GET")).toEqual([]);
  await user.click(screen.getByRole("button", { name: "Cancel" }));
  expect(screen.getByText("No SIS is connected.")).toBeInTheDocument();
});

it("keeps a saved secret when the field is left blank, and sends the nightly time or null", async () => {
  answers = {
    "GET /api/rostering/source": [200, saved],
    "PUT /api/rostering/source": () => [200, { ...saved, schedule: null, next_run_at: null, updated_at: "2026-12-04T11:00:00.000Z" }],
  };
  const user = userEvent.setup();
  renderPanel();
  const secret = await screen.findByPlaceholderText("Saved — leave blank to keep it");
  expect(secret).toHaveValue("");
  expect(secret).not.toBeRequired();
  await waitFor(() => expect(screen.getByLabelText(/^Base URL/)).toHaveValue(saved.base_url));
  expect(screen.getByRole("radio", { name: "OneRoster 1.2" })).toBeChecked();
  expect(screen.getByLabelText(/^Time/)).toHaveValue("02:00");
  await user.click(screen.getByRole("checkbox", { name: "Sync every night" }));
  expect(screen.queryByLabelText(/^Time/)).toBeNull();
  await user.click(screen.getByRole("checkbox", { name: "Archive people the SIS no longer lists" }));
  await user.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(sent("PUT", "/api/rostering/source")).toHaveLength(1));
  expect(sent("PUT", "/api/rostering/source")[0]).toEqual({
    base_url: saved.base_url,
    token_url: saved.token_url,
    client_id: "flexblock",
    version: "1.2",
    school_sourced_id: null,
    schedule: null,
    archive_missing: true,
  });
  await waitFor(() => expect(snackbar).toHaveBeenCalledWith("The connection is saved."));
  expect(screen.getByText("Nightly sync is off")).toBeInTheDocument();
});

it("shows a 422's field errors on their fields, not in a snackbar", async () => {
  answers = {
    "GET /api/rostering/source": [200, saved],
    "PUT /api/rostering/source": [
      422,
      {
        code: "validation_failed",
        message: "Some fields need attention.",
        errors: {
          base_url: ["The base URL must use https (http is only for this machine)."],
          client_secret: ["The token endpoint refused this secret."],
          body: ["Something about the whole request."],
        },
      },
    ],
  };
  const user = userEvent.setup();
  renderPanel();
  const secret = await screen.findByPlaceholderText("Saved — leave blank to keep it");
  await user.type(secret, "new-secret");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("The base URL must use https (http is only for this machine).")).toBeInTheDocument();
  expect(screen.getByLabelText(/^Base URL/)).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByLabelText(/^Base URL/)).toHaveFocus();
  expect(screen.getByText("The token endpoint refused this secret.")).toBeInTheDocument();
  expect(secret).toHaveAttribute("aria-invalid", "true");
  expect(screen.getByRole("alert")).toHaveTextContent("Something about the whole request.");
  expect(sent("PUT", "/api/rostering/source")[0]).toMatchObject({ client_secret: "new-secret" });
  expect(snackbar).not.toHaveBeenCalled();
});

it("tests what is typed, shows the sentence and each step, and offers the schools it found", async () => {
  answers = {
    "GET /api/rostering/source": [200, saved],
    "POST /api/rostering/source/test": [
      200,
      {
        ok: true,
        message: "Found 2 schools: North High, South High.",
        steps: [
          { step: "token", ok: true, message: "The token endpoint gave a token." },
          { step: "orgs", ok: true, message: "One page of orgs answered." },
        ],
        orgs: [
          { sourced_id: "dist", name: "The District", type: "district" },
          { sourced_id: "north", name: "North High", type: "school" },
          { sourced_id: "south", name: "South High", type: "school" },
        ],
      },
    ],
  };
  const user = userEvent.setup();
  renderPanel();
  await screen.findByPlaceholderText("Saved — leave blank to keep it");
  await waitFor(() => expect(screen.getByLabelText(/^Client ID/)).toHaveValue("flexblock"));
  await user.click(screen.getByRole("button", { name: "Test connection" }));
  const sentence = await screen.findByText("Found 2 schools: North High, South High.");
  expect(sentence.closest('[role="status"]')).not.toBeNull();
  const steps = within(screen.getByRole("list", { name: "Steps of the test" })).getAllByRole("listitem");
  expect(steps.map((s) => s.textContent)).toEqual([
    "Token: passed. The token endpoint gave a token.",
    "Schools (orgs): passed. One page of orgs answered.",
  ]);
  expect(sent("POST", "/api/rostering/source/test")[0]).not.toHaveProperty("client_secret");
  const school = screen.getByRole("combobox", { name: "School" });
  expect(within(school).getAllByRole("option").map((o) => o.textContent)).toEqual([
    "Choose a school",
    "North High",
    "South High",
  ]);
  await user.selectOptions(school, "south");
  expect(screen.getByText("Not saved yet.")).toBeInTheDocument();
  expect(screen.getByText("Preview and sync use the saved connection: save your changes first.")).toBeInTheDocument();
});

it("removes the connection after the confirm dialog and is back to the empty state", async () => {
  let removed = false;
  answers = {
    "GET /api/rostering/source": () => (removed ? MISSING : [200, saved]),
    "DELETE /api/rostering/source": () => ((removed = true), [204]),
  };
  const user = userEvent.setup();
  renderPanel();
  await user.click(await screen.findByRole("button", { name: "Remove connection" }));
  const dialog = await screen.findByRole("dialog", { name: "Remove the connection to your SIS?" });
  await user.click(within(dialog).getByRole("button", { name: "Remove connection" }));
  expect(await screen.findByText("No SIS is connected.")).toBeInTheDocument();
  expect(snackbar).toHaveBeenCalledWith("The connection is removed.");
});

it("says a failed test in words, and a pull that failed as the bundle's errors by endpoint and page", async () => {
  answers = {
    "GET /api/rostering/source": [200, saved],
    "POST /api/rostering/source/test": [
      200,
      {
        ok: false,
        message: "The token endpoint refused the client id.",
        steps: [{ step: "token", ok: false, message: "The token endpoint refused the client id." }],
        orgs: [],
      },
    ],
    "POST /api/rostering/source/sync": [
      200,
      {
        dry_run: true,
        org_sourced_id: null,
        orgs: [],
        school_year: null,
        unmatched_periods: [],
        counts: { created: 0, updated: 0, archived: 0, dropped: 0, unchanged: 0, errors: 1 },
        family_contacts: 0,
        samples: { created: [], updated: [], archived: [], dropped: [] },
        errors: [{ file: "users page 3", line: 0, reason: "The SIS answered 500 three times." }],
        sis_administrators: [],
        protected: [],
        overwrites: [],
        kept: [],
        terms: [],
        homerooms: { classes: 0, students: 0 },
        pull: { pages: 0, rows: {}, other_schools: 0, mode: "full" },
      },
    ],
  };
  const user = userEvent.setup();
  renderPanel();
  await waitFor(() => expect(screen.getByLabelText(/^Client ID/)).toHaveValue("flexblock"));
  await user.click(screen.getByRole("button", { name: "Test connection" }));
  const steps = await screen.findByRole("list", { name: "Steps of the test" });
  expect(within(steps).getByRole("listitem")).toHaveTextContent(
    "Token: failed. The token endpoint refused the client id.",
  );
  await user.click(screen.getByRole("button", { name: "Preview changes" }));
  const review = await screen.findByRole("group", { name: "What a sync would change" });
  await waitFor(() => expect(review).toHaveFocus());
  expect(within(review).getByText("0 new, 0 changed, 0 archived, 0 dropped, 0 unchanged, 1 error.")).toBeInTheDocument();
  expect(
    within(within(review).getByRole("table", { name: "Errors by file and line" })).getByRole("row", {
      name: "users page 3 — The SIS answered 500 three times.",
    }),
  ).toBeInTheDocument();
  expect(within(review).queryByText(/^Read /)).toBeNull();
});
