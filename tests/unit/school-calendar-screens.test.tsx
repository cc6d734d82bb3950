import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { SWRConfig } from "swr";
import type { SchoolDay, Timetable } from "@/components/school-calendar/api-types";
import { DayDialog } from "@/components/school-calendar/day-dialog";
import { ImportDialog } from "@/components/school-calendar/import-dialog";
import { MonthGrid } from "@/components/school-calendar/month-grid";
import { monthOf } from "@/components/school-calendar/month";
import { TimetableScreen } from "@/components/school-calendar/timetable-screen";
import { YearScreen } from "@/components/school-calendar/year-screen";
import { fetcher } from "@/lib/api/request.client";

/**
 * The school calendar's screens in the browser's terms: the month grid by keyboard, a day as a teacher
 * and as an administrator sees it, the Bell schedule form's errors (its own and the server's 422, each
 * beside its cell) and the import's preview and apply. (The routes' rules: the calendar API tests.)
 */
jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));
jest.mock("next/navigation", () => ({
  usePathname: () => "/calendar/timetable",
  useRouter: () => ({ push: jest.fn() }),
}));
const auth = { user: { role: "admin" }, settings: { values: { timezone: { value: "America/Vancouver" } } } };
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => auth, useSignedInUser: () => auth }));

interface Call {
  method: string;
  url: string;
  body: unknown;
}
const calls: Call[] = [];
/** Answers each request with the first handler whose method and path prefix match. */
function server(routes: [string, string, (call: Call) => [number, unknown]][]) {
  calls.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    const body =
      init?.body instanceof FormData ? init.body : init?.body ? JSON.parse(String(init.body)) : undefined;
    const call = { method, url, body };
    calls.push(call);
    const route = routes.find(([m, prefix]) => m === method && url.startsWith(prefix));
    const [status, answer] = route ? route[2](call) : [404, { code: "not_found", message: "Not found." }];
    return { ok: status < 300, status, text: async () => (answer === null ? "" : JSON.stringify(answer)) };
  }) as unknown as typeof fetch;
}

const withSWR = (ui: React.ReactNode) => (
  <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>{ui}</SWRConfig>
);

const day = (date: string, extra: Partial<SchoolDay> = {}): SchoolDay => ({
  date,
  in_session: true,
  day_type: "Day 1",
  bell_schedule: null,
  blocks: [{ id: 1, label: "Focus Block", flex: true, start: "10:00", end: "10:40" }],
  events: [],
  override: null,
  ...extra,
});

describe("the month grid", () => {
  function Month({ onOpen }: { onOpen: (date: string) => void }) {
    const [focused, setFocused] = useState("2027-01-29");
    return (
      <>
        <h2 id="m">{monthOf(focused)}</h2>
        <MonthGrid
          month={monthOf(focused)}
          days={new Map([["2027-01-29", day("2027-01-29", { day_type: "Day 2" })]])}
          today="2027-01-04"
          focused={focused}
          onFocusChange={setFocused}
          onOpen={onOpen}
          labelledBy="m"
        />
      </>
    );
  }

  it("is one tab stop; arrows move by day and week, past the month's end into the next, and Enter opens the date", async () => {
    const opened = jest.fn();
    const user = userEvent.setup();
    render(<Month onOpen={opened} />);
    const grid = screen.getByRole("grid", { name: "2027-01" });
    const friday = within(grid).getByRole("button", { name: "Friday, January 29, 2027. Day 2." });
    expect(
      within(grid)
        .getAllByRole("button")
        .filter((b) => b.tabIndex === 0),
    ).toEqual([friday]);
    expect(within(grid).getByRole("button", { name: /^Monday, January 4, 2027/ })).toHaveAttribute(
      "aria-current",
      "date",
    );
    await user.click(friday);
    expect(opened).toHaveBeenLastCalledWith("2027-01-29");
    await user.keyboard("{ArrowDown}");
    expect(screen.getByRole("grid", { name: "2027-02" })).toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName("Friday, February 5, 2027. Not in session.");
    await user.keyboard("{ArrowLeft}{ArrowLeft}{Enter}");
    expect(opened).toHaveBeenLastCalledWith("2027-02-03");
    await user.keyboard("{PageUp}");
    expect(document.activeElement).toHaveAccessibleName("Sunday, January 3, 2027. Not in session.");
  });
});

describe("a day of the calendar", () => {
  const holiday = day("2026-12-09", {
    in_session: false,
    day_type: null,
    blocks: [],
    events: [{ id: 7, name: "Pro-D Day", no_blocks: true }],
  });

  it("shows a teacher its blocks and events, with nothing to change", () => {
    auth.user.role = "teacher";
    server([]);
    render(
      withSWR(
        <DayDialog
          date="2026-12-09"
          day={holiday}
          canEdit={false}
          onOpenChange={() => {}}
          onChanged={async () => {}}
          returnFocusTo={() => null}
        />,
      ),
    );
    const dialog = screen.getByRole("dialog", { name: "Wednesday, December 9, 2026" });
    expect(dialog).toHaveAccessibleDescription("No school this day.");
    expect(within(dialog).getByText("Pro-D Day")).toBeInTheDocument();
    expect(within(dialog).getByText("No blocks meet on this day.")).toBeInTheDocument();
    expect(within(dialog).queryByRole("button", { name: "Delete Pro-D Day" })).toBeNull();
    expect(within(dialog).queryByLabelText("Event name")).toBeNull();
    expect(calls).toEqual([]);
    auth.user.role = "admin";
  });

  it("lets an administrator set the day type by hand, sending only what changed", async () => {
    const timetable: Partial<Timetable> = {
      cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: null },
      bell_schedules: [{ name: "Late start", times: [] }],
    };
    server([
      ["GET", "/api/timetable?date=2026-12-14", () => [200, timetable]],
      [
        "PUT",
        "/api/school-days/2026-12-14",
        () => [422, { message: "x", errors: { day_type: ["Days can be changed from Dec 15, 2026 on."] } }],
      ],
    ]);
    const onChanged = jest.fn(async () => {});
    const user = userEvent.setup();
    render(
      withSWR(
        <DayDialog
          date="2026-12-14"
          day={day("2026-12-14")}
          canEdit
          onOpenChange={() => {}}
          onChanged={onChanged}
          returnFocusTo={() => null}
        />,
      ),
    );
    const select = await screen.findByRole("combobox", { name: "Day type" });
    expect(select).toHaveValue("");
    expect(within(select).getByRole("option", { name: "As the rotation gives (Day 1)" })).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription(/^Rotation continues from this day/);
    expect(screen.getByRole("button", { name: "Save this day" })).toBeDisabled();
    await user.selectOptions(select, "Day 2");
    await user.click(screen.getByRole("button", { name: "Save this day" }));
    await waitFor(() =>
      expect(select).toHaveAccessibleDescription("Days can be changed from Dec 15, 2026 on."),
    );
    expect(calls.at(-1)).toMatchObject({ method: "PUT", body: { day_type: "Day 2" } });
    expect(onChanged).not.toHaveBeenCalled();
  });
});

describe("the School year form", () => {
  it("shows the dates new year dates would move before saving them", async () => {
    const year = {
      start: "2026-09-08",
      end: "2027-06-25",
      attendance_from: "2026-09-08",
      terms: [],
      school_days: 190,
      focus_blocks: 190,
      focus_blocks_by_term: [],
    };
    const moved = [{ date: "2026-09-08", from: "Day 1", to: null }];
    server([
      ["GET", "/api/school-year", () => [200, year]],
      [
        "PUT",
        "/api/school-year",
        (call) =>
          (call.body as { dry_run?: boolean }).dry_run
            ? [200, { dry_run: true, day_type_changes: moved }]
            : [200, { ...year, start: "2026-09-09", day_type_changes: moved }],
      ],
    ]);
    const user = userEvent.setup();
    render(withSWR(<YearScreen />));
    fireEvent.change(await screen.findByLabelText(/^First day of school/), { target: { value: "2026-09-09" } });
    await user.click(screen.getByRole("button", { name: "Save school year" }));
    const dialog = await screen.findByRole("dialog", { name: "Change the day type of school days?" });
    expect(within(dialog).getByRole("listitem")).toHaveTextContent("Tue Sep 8, 2026: Day 1 becomes a day without school");
    await user.click(within(dialog).getByRole("button", { name: "Save and change them" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "PUT")).toHaveLength(2));
    expect(calls.filter((c) => c.method === "PUT").map((c) => (c.body as { dry_run?: boolean }).dry_run)).toEqual([true, undefined]);
  });
});

describe("a day type set by hand", () => {
  it("shows the dates it moves (the server's dry run) and saves only when confirmed, or keeps the day as it is", async () => {
    const timetable: Partial<Timetable> = {
      cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: null },
      bell_schedules: [],
    };
    const moved = [
      { date: "2026-12-14", from: "Day 1", to: "Day 2" },
      { date: "2026-12-15", from: "Day 2", to: "Day 1" },
    ];
    server([
      ["GET", "/api/timetable?date=2026-12-14", () => [200, timetable]],
      [
        "PUT",
        "/api/school-days/2026-12-14",
        (call) =>
          (call.body as { dry_run?: boolean }).dry_run
            ? [200, { dry_run: true, date: "2026-12-14", day_type_changes: moved }]
            : [200, { ...day("2026-12-14", { day_type: "Day 2" }), day_type_changes: moved }],
      ],
    ]);
    const onChanged = jest.fn(async () => {});
    const user = userEvent.setup();
    render(
      withSWR(
        <DayDialog
          date="2026-12-14"
          day={day("2026-12-14")}
          canEdit
          onOpenChange={() => {}}
          onChanged={onChanged}
          returnFocusTo={() => null}
        />,
      ),
    );
    const select = await screen.findByRole("combobox", { name: "Day type" });
    await user.selectOptions(select, "Day 2");
    await user.click(screen.getByRole("button", { name: "Save this day" }));
    const moves = await screen.findByRole("group", { name: "This moves the rotation" });
    expect(moves).toHaveTextContent("2 school days change day type, from Mon Dec 14, 2026 to Tue Dec 15, 2026.");
    expect(within(moves).getByRole("heading", { name: "This moves the rotation" })).toHaveFocus();
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([{ day_type: "Day 2", dry_run: true }]);
    expect(onChanged).not.toHaveBeenCalled();
    // Keep the day as it is: nothing saved, the choice back as it was.
    await user.click(within(moves).getByRole("button", { name: "Keep the day as it is" }));
    expect(select).toHaveValue("");
    expect(select).toHaveFocus();
    // Again, and saved.
    await user.selectOptions(select, "Day 2");
    await user.click(screen.getByRole("button", { name: "Save this day" }));
    await user.click(await screen.findByRole("button", { name: "Save and change them" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      { day_type: "Day 2", dry_run: true },
      { day_type: "Day 2", dry_run: true },
      { day_type: "Day 2" },
    ]);
  });
});

describe("the Bell schedule form", () => {
  const none: Timetable = {
    date: "2026-12-07",
    effective_from: null,
    cycle: null,
    blocks: [],
    bell_schedules: [],
    versions: [],
    earliest_effective_from: null,
  };

  it("refuses an end before its start beside the cell without sending, then shows the server's 422 on its cell", async () => {
    server([
      ["GET", "/api/timetable", () => [200, none]],
      [
        "PUT",
        "/api/timetable",
        () => [
          422,
          {
            code: "invalid",
            message: "Check the fields.",
            errors: { "blocks.1.times.0.start": ["Overlaps Focus Block (10:00–10:40) on Monday."] },
          },
        ],
      ],
    ]);
    const user = userEvent.setup();
    render(withSWR(<TimetableScreen />));
    const start = await screen.findByLabelText("Focus Block on Monday: start");
    fireEvent.change(start, { target: { value: "10:00" } });
    fireEvent.change(screen.getByLabelText("Focus Block on Monday: end"), { target: { value: "09:40" } });
    await user.click(screen.getByRole("button", { name: "Save bell schedule" }));
    expect(await screen.findByLabelText("Focus Block on Monday: end")).toHaveAccessibleDescription(
      "The end must be after the start.",
    );
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);

    fireEvent.change(screen.getByLabelText("Focus Block on Monday: end"), { target: { value: "10:40" } });
    await user.click(screen.getByRole("button", { name: "Add block" }));
    await user.type(screen.getByRole("textbox", { name: "Label of block 2" }), "Block A");
    fireEvent.change(screen.getByLabelText("Block A on Tuesday: start"), { target: { value: "10:20" } });
    fireEvent.change(screen.getByLabelText("Block A on Tuesday: end"), { target: { value: "11:00" } });
    await user.click(screen.getByRole("button", { name: "Save bell schedule" }));
    await waitFor(() =>
      expect(screen.getByLabelText("Block A on Tuesday: start")).toHaveAccessibleDescription(
        "Overlaps Focus Block (10:00–10:40) on Monday.",
      ),
    );
    // The dry run goes first (the server checks the same rules there).
    expect(calls.filter((c) => c.method === "PUT").map((c) => c.body)).toEqual([
      {
        dry_run: true,
        effective_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        cycle: { kind: "weekly", day_types: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] },
        blocks: [
          { label: "Focus Block", flex: true, times: [{ day_type: "Monday", start: "10:00", end: "10:40" }] },
          { label: "Block A", flex: false, times: [{ day_type: "Tuesday", start: "10:20", end: "11:00" }] },
        ],
        bell_schedules: [],
      },
    ]);
  });

  it("shows the dates a save would move (the server's dry run) and saves only once they are confirmed", async () => {
    const moved = [
      { date: "2026-12-08", from: "Day 2", to: "Day 1" },
      { date: "2026-12-09", from: "Day 1", to: "Day 2" },
    ];
    server([
      ["GET", "/api/timetable", () => [200, none]],
      [
        "PUT",
        "/api/timetable",
        (call) =>
          (call.body as { dry_run?: boolean }).dry_run
            ? [200, { dry_run: true, effective_from: "2026-12-08", regenerated_days: 9, day_type_changes: moved }]
            : [200, none],
      ],
    ]);
    const user = userEvent.setup();
    render(withSWR(<TimetableScreen />));
    fireEvent.change(await screen.findByLabelText("Focus Block on Monday: start"), { target: { value: "10:00" } });
    fireEvent.change(screen.getByLabelText("Focus Block on Monday: end"), { target: { value: "10:40" } });
    const puts = () => calls.filter((c) => c.method === "PUT").map((c) => c.body as Record<string, unknown>);
    await user.click(screen.getByRole("button", { name: "Save bell schedule" }));
    let dialog = await screen.findByRole("dialog", { name: "Change the day type of school days?" });
    expect(dialog).toHaveTextContent("2 school days change day type, from Tue Dec 8, 2026 to Wed Dec 9, 2026.");
    expect(within(dialog).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Tue Dec 8, 2026: Day 2 becomes Day 1",
      "Wed Dec 9, 2026: Day 1 becomes Day 2",
    ]);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(puts().map((body) => body.dry_run)).toEqual([true]);

    await user.click(screen.getByRole("button", { name: "Save bell schedule" }));
    dialog = await screen.findByRole("dialog", { name: "Change the day type of school days?" });
    await user.click(within(dialog).getByRole("button", { name: "Save and change them" }));
    await waitFor(() => expect(puts()).toHaveLength(3));
    expect(puts()[2]).toMatchObject({ confirm_day_type_changes: true });
    expect(puts()[2]!.dry_run).toBeUndefined();
  });

  it("copies a row's times to every day type, and a rotation starts as Day 1 and Day 2", async () => {
    server([["GET", "/api/timetable", () => [200, none]]]);
    const user = userEvent.setup();
    render(withSWR(<TimetableScreen />));
    await user.click(await screen.findByRole("radio", { name: /^Rotation/ }));
    expect(screen.getByRole("textbox", { name: "Day type 1" })).toHaveValue("Day 1");
    expect(screen.getByRole("textbox", { name: "Day type 2" })).toHaveValue("Day 2");
    const copy = screen.getByRole("button", { name: "Copy to all days: Focus Block" });
    expect(copy).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Focus Block on Day 2: start"), { target: { value: "10:00" } });
    fireEvent.change(screen.getByLabelText("Focus Block on Day 2: end"), { target: { value: "10:40" } });
    await user.click(copy);
    expect(screen.getByLabelText("Focus Block on Day 1: start")).toHaveValue("10:00");
    expect(screen.getByLabelText("Focus Block on Day 1: end")).toHaveValue("10:40");
    await user.clear(screen.getByRole("textbox", { name: "Day type 2" }));
    await user.type(screen.getByRole("textbox", { name: "Day type 2" }), "B");
    // Renamed, the column keeps what was typed in it.
    expect(screen.getByLabelText("Focus Block on B: start")).toHaveValue("10:00");
  });
});

describe("the calendar import", () => {
  it("previews without writing, lets the person choose which events mean no school, then applies that choice", async () => {
    const events = [
      { date: "2026-12-09", name: "Pro-D Day", no_blocks: true },
      { date: "2026-12-10", name: "Picture Day", no_blocks: false },
    ];
    server([
      [
        "POST",
        "/api/calendar-events/import",
        ({ body }) => {
          const dry = (body as FormData).get("dry_run") === "true";
          return [200, { dry_run: dry, added: 2, skipped_outside_year: 0, duplicates: 0, events }];
        },
      ],
    ]);
    const onImported = jest.fn(async () => {});
    const onOpenChange = jest.fn();
    const user = userEvent.setup();
    render(<ImportDialog open onOpenChange={onOpenChange} onImported={onImported} />);
    const file = new File(["BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"], "district.ics", {
      type: "text/calendar",
    });
    await user.upload(screen.getByLabelText("Calendar file"), file);
    expect(await screen.findByRole("status")).toHaveTextContent("2 events will be added.");
    const preview = calls[0]!.body as FormData;
    expect(preview.get("dry_run")).toBe("true");
    // The server's guess from the names comes first: no no_school field.
    expect(preview.get("no_school")).toBeNull();
    expect(screen.getByRole("checkbox", { name: "No school: Pro-D Day, Dec 9, 2026" })).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: "No school: Picture Day, Dec 10, 2026" }));
    await user.click(screen.getByRole("checkbox", { name: "No school: Pro-D Day, Dec 9, 2026" }));
    await user.click(screen.getByRole("button", { name: "Apply" }));
    // The screen is told the file and the answer (the link to the import's report comes from it).
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(expect.objectContaining({ dry_run: false }), file));
    const applied = calls[1]!.body as FormData;
    expect(applied.get("dry_run")).toBeNull();
    expect(applied.get("no_school")).toBe("Picture Day");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows why a file is refused, beside the file", async () => {
    server([
      [
        "POST",
        "/api/calendar-events/import",
        () => [
          422,
          {
            message: "x",
            errors: { file: ["district.ics is neither an iCalendar (.ics) nor a CSV (.csv) file."] },
          },
        ],
      ],
    ]);
    const user = userEvent.setup({ applyAccept: false });
    render(<ImportDialog open onOpenChange={() => {}} onImported={async () => {}} />);
    await user.upload(screen.getByLabelText("Calendar file"), new File(["x"], "district.ics"));
    await waitFor(() =>
      expect(screen.getByLabelText("Calendar file")).toHaveAccessibleDescription(
        "district.ics is neither an iCalendar (.ics) nor a CSV (.csv) file.",
      ),
    );
    expect(screen.getByRole("button", { name: "Apply" })).toBeDisabled();
  });

  it("lists every line the server refused, not only the first", async () => {
    const problems = [
      'Line 6: DTSTART "20270230" is not a date.',
      'Line 11: the time zone "Mars/Olympus_Mons" is not known: the file does not describe it (VTIMEZONE) and it is not a time zone name such as America/Vancouver.',
    ];
    server([["POST", "/api/calendar-events/import", () => [422, { message: problems[0], errors: { file: problems } }]]]);
    const user = userEvent.setup();
    render(<ImportDialog open onOpenChange={() => {}} onImported={async () => {}} />);
    await user.upload(screen.getByLabelText("Calendar file"), new File(["BEGIN:VCALENDAR"], "district.ics", { type: "text/calendar" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Nothing was imported. Correct these lines and choose the file again:");
    expect(within(alert).getAllByRole("listitem").map((item) => item.textContent)).toEqual(problems);
    expect(screen.getByLabelText("Calendar file")).toHaveAccessibleDescription(
      `Nothing was imported. Correct these lines and choose the file again: ${problems.join(" ")}`,
    );
  });
});
