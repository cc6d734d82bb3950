import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { SectionDialog } from "@/components/courses/section-dialog";
import type { Timetable, SchoolYear } from "@/components/school-calendar/api-types";
import { fetcher } from "@/lib/api/request.client";
import type { Section } from "@/lib/sections/present";

/**
 * Editing a section: the form opens on its term, teachers and meetings, sends them as the request's
 * body (ids as numbers, "every day it meets" as null), and the server's refusal of one meeting's block
 * is said under that block. (The rules themselves: tests/api/sections.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});

const timetable = {
  date: "2026-12-07",
  effective_from: "2026-09-01",
  cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"], first_day_type: "Day 1" },
  blocks: [
    { id: 11, label: "Block 1", flex: false, times: [] },
    { id: 12, label: "Block 2", flex: false, times: [] },
    { id: 13, label: "Focus Block", flex: true, times: [] },
  ],
  bell_schedules: [],
  versions: ["2026-09-01"],
  earliest_effective_from: null,
} satisfies Timetable;
const year = {
  start: "2026-09-01",
  end: "2027-06-25",
  attendance_from: null,
  terms: [
    { id: 2, name: "Semester 1", start: "2026-09-01", end: "2027-01-31" },
    { id: 3, name: "Semester 2", start: "2027-02-01", end: "2027-06-25" },
  ],
  school_days: 180,
  focus_blocks: 90,
  focus_blocks_by_term: [],
} satisfies SchoolYear;
const staff = [
  { id: 5, first_name: "Daniel", last_name: "Reyes", name: "Mr. Reyes, Daniel", title: "Mr." },
  { id: 6, first_name: "Ana", last_name: "Ortiz", name: "Ms. Ortiz, Ana", title: "Ms." },
];
const section: Section = {
  id: 7,
  code: "A",
  course: { id: 3, name: "Chemistry 11", short_name: "CHEM11" },
  term: { id: 2, name: "Semester 1", start: "2026-09-01", end: "2027-01-31" },
  teachers: [{ id: 5, name: "Mr. Reyes, Daniel" }] as Section["teachers"],
  meetings: [{ id: 1, block_id: 11, label: "Block 1", day_type: "Day 1" }],
  students_count: 0,
  students: [],
  archived: false,
  sourced_id: null,
};

const sent: unknown[] = [];
function server(replies: [number, unknown][]) {
  sent.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: [number, unknown] = [404, { code: "not_found", message: "x", errors: {} }];
    if (init?.method === "PUT" && url === "/api/sections/7") {
      sent.push(JSON.parse(String(init.body)));
      reply = replies.shift()!;
    } else if (url === "/api/staff") reply = [200, staff];
    else if (url === "/api/timetable") reply = [200, timetable];
    else if (url === "/api/school-year") reply = [200, year];
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

it("edits a section as the request's body and says a refused block under it", async () => {
  const refused = "That block does not meet on Day 2.";
  server([
    [422, { code: "validation_failed", message: refused, errors: { "meetings.1.block_id": [refused] } }],
    [200, section],
  ]);
  const onSaved = jest.fn();
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), fetcher }}>
      <SectionDialog open onOpenChange={jest.fn()} courseShortName="CHEM11" section={section} onSaved={onSaved} />
    </SWRConfig>,
  );
  const term = await screen.findByRole("combobox", { name: "Term" });
  expect(term).toHaveValue("2");
  expect(screen.getByRole("combobox", { name: "Meeting 1 block" })).toHaveValue("11");
  expect(screen.getByRole("combobox", { name: "Meeting 1 day type" })).toHaveValue("Day 1");
  expect(screen.getByRole("checkbox", { name: "Mr. Reyes, Daniel" })).toBeChecked();

  await user.selectOptions(term, "The whole school year");
  await user.selectOptions(screen.getByRole("combobox", { name: "Meeting 1 day type" }), "Every day it meets");
  await user.click(screen.getByRole("checkbox", { name: "Ms. Ortiz, Ana" }));
  await user.click(screen.getByRole("button", { name: "Add meeting" }));
  await user.click(screen.getByRole("button", { name: "Save section" }));
  expect(await screen.findByText("Choose a block.")).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.selectOptions(screen.getByRole("combobox", { name: "Meeting 2 block" }), "Block 2");
  await user.selectOptions(screen.getByRole("combobox", { name: "Meeting 2 day type" }), "Day 2");
  await user.click(screen.getByRole("button", { name: "Save section" }));
  expect(await screen.findByText(refused)).toBeInTheDocument();
  expect(sent[0]).toEqual({
    code: "A",
    term_id: null,
    teacher_ids: [5, 6],
    meetings: [
      { block_id: 11, day_type: null },
      { block_id: 12, day_type: "Day 2" },
    ],
  });
  expect(screen.getByRole("combobox", { name: "Meeting 2 block" })).toHaveAccessibleDescription(refused);

  await user.selectOptions(screen.getByRole("combobox", { name: "Meeting 2 day type" }), "Day 1");
  await user.click(screen.getByRole("button", { name: "Save section" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith(section));
});
