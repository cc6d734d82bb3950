import { render, screen, waitFor, within } from "@testing-library/react";
import { addDays, dayOfWeek } from "@/lib/core/time";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { PowerSchedulerScreen } from "@/components/power-scheduler/power-scheduler";
import { fetcher } from "@/lib/api/request.client";
import type { PowerSchedulerOptions } from "@/lib/scheduler/options.server";
import type { PowerSchedulePreview } from "@/lib/scheduler/present";
import { previewText } from "@/lib/scheduler/preview-text";
import { dayTypesIn, noMeetingProblem } from "@/components/power-scheduler/step-dates";
import { INITIAL, requestBody } from "@/components/power-scheduler/use-scheduler-state";

/**
 * The Power Scheduler's stepper as the spec describes it (§2, §4, §5): Next waits for a group and,
 * for Some Students, a student; the All Students warning; Submit waits for a staff member and a memo;
 * a failed submit says so in a sentence; Done reports what was done and Create Another starts over.
 * The server's rules: tests/api/power-scheduler*.test.ts.
 */

jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
const me = {
  user: { id: 1, role: "admin" },
  settings: { values: { timezone: { value: "America/Vancouver" } }, groups: [] },
};
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => me, useSignedInUser: () => me }));

/** The dates from 21 November 2026 for eight weeks on which a block meeting on these weekdays meets. */
function datesOn(weekdays: number[]): string[] {
  const dates: string[] = [];
  for (let date = "2026-11-21"; date <= "2027-01-16"; date = addDays(date, 1))
    if (weekdays.includes(dayOfWeek(date))) dates.push(date);
  return dates;
}

const options: PowerSchedulerOptions = {
  students: [
    { id: 11, first_name: "Ann", last_name: "Ames", grade: 9, cluster_ids: [] },
    { id: 12, first_name: "Bo", last_name: "Baker", grade: 10, cluster_ids: [] },
  ],
  clusters: [],
  staff: [
    {
      id: 3,
      first_name: "Ada",
      last_name: "Lovelace",
      name: "Ms. Lovelace, Ada",
      email: "ada@test.school",
      capacity: 30,
    },
  ],
  blocks: [{ id: 7, label: "Focus Block", days: [1, 2, 3, 4, 5], dates: datesOn([1, 2, 3, 4, 5]) }],
  day_types: [],
  today: "2026-11-23",
  year_start: "2026-09-01",
  year_end: "2027-06-30",
  appointment_limit: 1,
};

const preview: PowerSchedulePreview = {
  students: 2,
  created: 2,
  booked_students: 0,
  skipped_limit: 0,
  skipped_limit_students: 0,
  skipped_checked_in: 0,
  checked_in_students: 0,
  plans_cleared: 0,
  booked_student_ids: [],
  limit_student_ids: [],
  checked_in_student_ids: [],
  schedule_type: "appointment",
  student_type: "all",
  global: false,
  staff: null,
  dates: ["2026-11-23"],
  slots: [{ block_id: 7, label: "Focus Block", date: "2026-11-23" }],
  appointment_limit: 1,
  max_rows: 60000,
};

type Reply = [number, unknown];
const table: Record<string, Reply> = {};
const sent: { url: string; body: unknown }[] = [];
beforeEach(() => {
  sent.length = 0;
  Object.assign(table, {
    "GET /api/power-scheduler/options": [200, options],
    "GET /api/power-scheduler": [200, []],
    "POST /api/power-scheduler/preview": [200, preview],
  });
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? "GET";
    if (method === "POST") sent.push({ url, body: JSON.parse(String(init!.body)) });
    const [status, body] = table[`${method} ${url}`] ?? [404, { message: "no" }];
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
});

function renderScreen() {
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher, dedupingInterval: 0 }}>
      <PowerSchedulerScreen />
    </SWRConfig>,
  );
}

const next = () => screen.getByRole("button", { name: "Next" });

it("waits for a group, and for Some Students a student; selecting every student warns about later ones", async () => {
  renderScreen();
  await screen.findByRole("radio", { name: /^All Students/ });
  expect(next()).toBeDisabled();
  await userEvent.click(screen.getByRole("radio", { name: /^All Students/ }));
  expect(next()).toBeEnabled();
  await userEvent.click(screen.getByRole("radio", { name: /^Some Students/ }));
  expect(next()).toBeDisabled();
  await userEvent.click(screen.getByRole("checkbox", { name: "Select Ann Ames" }));
  expect(next()).toBeEnabled();
  expect(screen.queryByText(/also covers|included too/)).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("checkbox", { name: "Select Bo Baker" }));
  expect(screen.getByRole("status")).toHaveTextContent(
    "Every student is selected. Choose All Students instead if students added later should be included too.",
  );
});

it("warns before booking more students with a teacher than their capacity, and asks on Submit", async () => {
  table["POST /api/power-scheduler/preview"] = [
    200,
    {
      ...preview,
      students: 45,
      created: 90,
      dates: ["2026-11-23", "2026-11-24"],
      slots: [
        { block_id: 7, label: "Focus Block", date: "2026-11-23" },
        { block_id: 7, label: "Focus Block", date: "2026-11-24" },
      ],
    },
  ];
  table["POST /api/power-scheduler"] = [
    201,
    {
      ...preview,
      staff: { id: 3, name: "Ms. Lovelace, Ada" },
      id: 98,
      message: "The schedule change has been processed.",
    },
  ];
  renderScreen();
  await userEvent.click(await screen.findByRole("radio", { name: /^All Students/ }));
  await userEvent.click(next());
  await screen.findByRole("button", { name: "Start date" });
  await userEvent.click(next());
  await userEvent.click(await screen.findByRole("radio", { name: /^Appointment/ }));
  await screen.findByTestId("power-scheduler-headline");
  expect(screen.queryByTestId("power-scheduler-capacity")).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("radio", { name: "Choose Ms. Lovelace, Ada" }));
  expect(screen.getByTestId("power-scheduler-capacity")).toHaveTextContent(
    "That is more than Ms. Lovelace, Ada takes: 45 students on each block, and their capacity is 30.",
  );
  await userEvent.click(next());
  await userEvent.type(screen.getByPlaceholderText("Schedule change purpose"), "Assembly");
  await userEvent.click(screen.getByRole("button", { name: "Submit" }));
  const dialog = await screen.findByRole("dialog", { name: "Book past Ms. Lovelace, Ada's capacity?" });
  expect(sent.filter((s) => s.url === "/api/power-scheduler")).toHaveLength(0);
  await userEvent.click(within(dialog).getByRole("button", { name: "Book anyway" }));
  expect(await screen.findByText("The schedule change has been processed.")).toBeInTheDocument();
  expect(sent.filter((s) => s.url === "/api/power-scheduler")).toHaveLength(1);
});

it("submits only with a staff member and a memo, says why a submit failed, and starts over from Done", async () => {
  renderScreen();
  await userEvent.click(await screen.findByRole("radio", { name: /^All Students/ }));
  await userEvent.click(next());
  await screen.findByRole("button", { name: "Start date" });
  await userEvent.click(next());

  await userEvent.click(await screen.findByRole("radio", { name: /^Appointment/ }));
  expect(await screen.findByTestId("power-scheduler-headline")).toHaveTextContent(
    "2 appointments for all 2 students on 1 date",
  );
  expect(next()).toBeDisabled();
  await userEvent.click(screen.getByRole("radio", { name: "Choose Ms. Lovelace, Ada" }));
  await userEvent.click(next());
  const submit = screen.getByRole("button", { name: "Submit" });
  expect(submit).toBeDisabled();
  const memo = screen.getByPlaceholderText("Schedule change purpose");
  await userEvent.type(memo, "   ");
  expect(submit).toBeDisabled();
  await userEvent.type(memo, "Assembly");
  expect(submit).toBeEnabled();

  table["POST /api/power-scheduler"] = [
    409,
    { code: "not_pending", message: "Focus Block on 2026-11-23 has already ended." },
  ];
  await userEvent.click(submit);
  expect(await screen.findByRole("alert")).toHaveTextContent(
    "The schedule change could not be processed. Focus Block on 2026-11-23 has already ended.",
  );

  table["POST /api/power-scheduler"] = [
    201,
    {
      ...preview,
      staff: { id: 3, name: "Ms. Lovelace, Ada" },
      id: 99,
      message: "The schedule change has been processed.",
    },
  ];
  await userEvent.click(submit);
  expect(await screen.findByText("The schedule change has been processed.")).toBeInTheDocument();
  expect(screen.getByTestId("power-scheduler-headline")).toHaveTextContent(
    "2 appointments for all 2 students on 1 date",
  );
  expect(sent.at(-1)).toEqual({
    url: "/api/power-scheduler",
    body: {
      student_type: "all",
      schedule_type: "appointment",
      student_ids: [],
      date_time: "2026-11-23",
      end_date: null,
      weekdays: null,
      block_ids: null,
      staff_id: 3,
      memo: "   Assembly",
    },
  });
  await userEvent.click(screen.getByRole("button", { name: "Create Another" }));
  const all = await screen.findByRole("radio", { name: /^All Students/ });
  expect(all).not.toBeChecked();
  expect(next()).toBeDisabled();
  const steps = screen.getByRole("list", { name: "Power Scheduler steps" });
  expect(within(steps).getAllByRole("listitem")[0]).toHaveAttribute("aria-current", "step");
  await waitFor(() => expect(screen.queryByRole("alert")).not.toBeInTheDocument());
});

it("starts the date step on the first day a flex block meets, and says when the chosen blocks do not meet then", async () => {
  table["GET /api/power-scheduler/options"] = [
    200,
    {
      ...options,
      today: "2026-11-21", // a Saturday
      blocks: [...options.blocks, { id: 8, label: "Clubs", days: [3], dates: datesOn([3]) }],
    },
  ];
  renderScreen();
  await userEvent.click(await screen.findByRole("radio", { name: /^All Students/ }));
  await userEvent.click(next());
  expect(await screen.findByRole("button", { name: "Start date" })).toHaveTextContent("Mon, Nov 23, 2026");
  expect(next()).toBeEnabled();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  await userEvent.click(screen.getByRole("checkbox", { name: /^Focus Block/ }));
  expect(screen.getByRole("alert")).toHaveTextContent(
    "Clubs does not meet on Mon, Nov 23. Choose another date or block.",
  );
  expect(next()).toBeDisabled();
});

it("lists batches on a phone with who ran them and with whom, under what they were", async () => {
  const batch = {
    id: 5,
    type: "appointment",
    student_type: "some",
    memo: "Assembly",
    created_at: "2026-11-23T17:00:00.000Z",
    created_by: { name: "Ms. Okafor, Amara" },
    staff: { id: 3, name: "Ms. Lovelace, Ada" },
    date: "2026-11-24",
    end_date: "2026-11-25",
    weekdays: null,
    dates: ["2026-11-24", "2026-11-25"],
    blocks: ["Focus Block"],
    summary: { students: 2, created: 4 },
    rows: 4,
    undone_at: null,
    undone_by: null,
    undoable: true,
  };
  table["GET /api/power-scheduler"] = [200, [batch]];
  const original = window.matchMedia;
  window.matchMedia = jest.fn((query: string) => ({
    matches: true,
    media: query,
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
  })) as unknown as typeof window.matchMedia;
  try {
    renderScreen();
    const batches = await screen.findByRole("table", { name: "Batches" });
    const what = (await within(batches).findByText("Assembly")).closest("td")!;
    expect(what).toHaveTextContent("By:Ms. Okafor, Amara");
    expect(what).toHaveTextContent("Staff:Ms. Lovelace, Ada");
    expect(what).toHaveTextContent("Dates:Nov 24 – Nov 25 (2 dates)Focus Block");
    expect(what).toHaveTextContent("How many:4 for 2 students");
    // Three columns on a phone: when, what (with the rest under it), and Undo.
    expect(
      within(batches)
        .getAllByRole("columnheader")
        .filter((th) => !th.className.includes("hidden")),
    ).toHaveLength(3);
    expect(within(batches).getByRole("button", { name: "Undo appointment batch: Assembly" })).toBeEnabled();
  } finally {
    window.matchMedia = original;
  }
});

it("says how many an undone batch made, not the none it has left", async () => {
  table["GET /api/power-scheduler"] = [
    200,
    [
      {
        id: 6,
        type: "amendment",
        student_type: "all",
        memo: "Pro-D",
        created_at: "2026-11-23T17:00:00.000Z",
        created_by: { name: "Ms. Okafor, Amara" },
        staff: { id: 3, name: "Ms. Lovelace, Ada" },
        date: "2026-11-24",
        end_date: "2026-11-24",
        weekdays: null,
        dates: ["2026-11-24"],
        blocks: ["Focus Block"],
        summary: { students: 120, created: 1 },
        rows: 0,
        undone_at: "2026-11-23T18:00:00.000Z",
        undone_by: { name: "Ms. Okafor, Amara" },
        undoable: false,
      },
    ],
  ];
  renderScreen();
  const row = (await screen.findByText("Pro-D")).closest("tr")!;
  expect(row).toHaveTextContent("1 for all students");
  expect(row).toHaveTextContent("Undone by Ms. Okafor, Amara");
});

describe("the preview in words", () => {
  it("names the first students of each outcome, then counts the rest", () => {
    const names = (id: number) => `Student ${id}`;
    const text = previewText(
      {
        ...preview,
        students: 30,
        created: 20,
        booked_students: 9,
        skipped_limit: 7,
        skipped_limit_students: 7,
        booked_student_ids: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        limit_student_ids: [1, 2, 3, 4, 5, 6, 7],
        checked_in_students: 1,
        checked_in_student_ids: [12],
      },
      false,
      names,
    );
    expect(text.details).toEqual([
      "Each student gets an appointment on each chosen block: 20 appointments in all.",
      "7 students already have 1 appointment on a block: they are skipped there (the appointment limit is 1): Student 1, Student 2, Student 3, Student 4, Student 5 and 2 more.",
      "2 students already have an appointment on a block and get this one as well: Student 8 and Student 9.",
      "Students added later also get this appointment, until the batch is undone.",
      "1 student already checked in for a block is skipped there: Student 12.",
    ]);
  });

  it("says the issue's headline for appointments: how many, for whom, on how many dates, who is busy", () => {
    const text = previewText({
      ...preview,
      student_type: "some",
      students: 920,
      created: 1840,
      dates: ["2026-11-24", "2026-11-25"],
      booked_students: 12,
      checked_in_students: 3,
      skipped_checked_in: 3,
      appointment_limit: 0,
    });
    expect(text.headline).toBe(
      "1,840 appointments for 920 students on 2 dates; 12 students already have an appointment then; 3 are already checked in",
    );
    expect(text.details).toEqual([
      "Each student gets an appointment on each chosen block: 1,840 appointments in all.",
      "12 students already have an appointment on a block and get this one as well (no appointment limit is set).",
      "3 students already checked in for a block are skipped there.",
    ]);
    expect(text.tooMany).toBe(false);
  });

  it("says who is skipped at the appointment limit, and what a global amendment covers", () => {
    const limited = previewText({
      ...preview,
      booked_students: 4,
      skipped_limit: 4,
      skipped_limit_students: 4,
    });
    expect(limited.details).toContain(
      "4 students already have 1 appointment on a block: they are skipped there (the appointment limit is 1).",
    );
    const global = previewText({ ...preview, schedule_type: "amendment", global: true, created: 2 }, true);
    expect(global.headline).toBe("2 amendments for all 2 students on 1 date");
    expect(global.details[0]).toBe(
      "Every student has the block amended: one amendment per block and date (2 in all), which also covers students added later.",
    );
  });
});

describe("day types of a rotation (every Day 2)", () => {
  const rotation: PowerSchedulerOptions = {
    ...options,
    day_types: datesOn([1, 2, 3, 4, 5]).map((date, i) => ({
      date,
      day_type: i % 2 === 0 ? "Day 1" : "Day 2",
    })),
  };
  const range = { from: "2026-11-23", to: "2026-11-27", weekdays: null, blockIds: null };

  it("lists the range's day types in the order the rotation meets them, and says when none chosen meets", () => {
    expect(dayTypesIn(rotation, "2026-11-23", "2026-11-27")).toEqual(["Day 1", "Day 2"]);
    expect(dayTypesIn(rotation, "2026-11-24", null)).toEqual(["Day 2"]);
    expect(dayTypesIn(options, "2026-11-23", "2026-11-27")).toEqual([]);
    expect(noMeetingProblem(rotation, { ...range, dayTypes: ["Day 2"] })).toBeNull();
    expect(noMeetingProblem(rotation, { ...range, to: "2026-11-23", dayTypes: ["Day 2"] })).toBe(
      "Focus Block does not meet on Mon, Nov 23. Choose another date or block.",
    );
  });

  it("sends day_types only for a range, so a single date is never filtered away", () => {
    const state = {
      ...INITIAL,
      studentType: "all" as const,
      scheduleType: "appointment" as const,
      dayTypes: ["Day 2"],
    };
    expect(requestBody({ ...state, from: "2026-11-23", to: "2026-11-27" })).toMatchObject({
      day_types: ["Day 2"],
    });
    expect(requestBody({ ...state, from: "2026-11-23", to: "2026-11-23" })).not.toHaveProperty("day_types");
  });
});
