import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { EnrolDialog } from "@/components/courses/enrol-dialog";
import type { Section } from "@/lib/sections/present";

/**
 * The Enrol dialog's Paste numbers tab with dates: both dates are sent, and the server's 422
 * for a date outside the section's term shows on that date's field, not on the numbers.
 * (The rule itself: tests/api/sections.test.ts.)
 */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});

const section: Section = {
  id: 7,
  code: "A",
  course: { id: 3, name: "Chemistry 11", short_name: "CHEM11" },
  term: { id: 2, name: "Semester 1", start: "2026-09-01", end: "2027-01-31" },
  teachers: [],
  meetings: [],
  students_count: 0,
  students: [],
  archived: false,
  sourced_id: null,
};

const posted: unknown[] = [];
function server(replies: [number, unknown][]) {
  posted.length = 0;
  global.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    let reply: [number, unknown] = [200, []];
    if (init?.method === "POST" && url === "/api/sections/7/enrollments") {
      posted.push(JSON.parse(String(init.body)));
      reply = replies.shift()!;
    }
    const [status, body] = reply;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

it("sends the first and last day, and shows a date outside the term on its own field", async () => {
  const outside =
    "The first day must be within the section's term, Semester 1 (Tuesday, September 1, 2026 – Sunday, January 31, 2027).";
  server([
    [422, { code: "validation_failed", message: outside, errors: { begin_date: [outside] } }],
    [200, { enrolled: 2, already_enrolled: 0, section }],
  ]);
  const onEnrolled = jest.fn();
  const user = userEvent.setup();
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <EnrolDialog
        open
        onOpenChange={() => {}}
        section={section}
        courseName="Chemistry 11"
        onEnrolled={onEnrolled}
      />
    </SWRConfig>,
  );
  const dialog = screen.getByRole("dialog", { name: "Enrol students in Chemistry 11 A" });
  await user.click(within(dialog).getByRole("tab", { name: "Paste numbers" }));
  await user.type(within(dialog).getByRole("textbox", { name: "Student numbers" }), "515151, 515152");
  const from = within(dialog).getByLabelText("Enrolled from");
  const until = within(dialog).getByLabelText("Enrolled until");
  await user.type(from, "2026-08-20");
  await user.type(until, "2026-12-18");
  await user.click(within(dialog).getByRole("button", { name: "Enrol students" }));
  await waitFor(() => expect(from).toHaveAccessibleDescription(expect.stringContaining(outside)));
  expect(posted[0]).toEqual({
    student_numbers: ["515151", "515152"],
    begin_date: "2026-08-20",
    end_date: "2026-12-18",
  });
  expect(within(dialog).getByRole("textbox", { name: "Student numbers" })).not.toHaveAccessibleDescription(
    expect.stringContaining(outside),
  );

  await user.clear(from);
  await user.type(from, "2026-09-08");
  await user.click(within(dialog).getByRole("button", { name: "Enrol students" }));
  await waitFor(() => expect(onEnrolled).toHaveBeenCalledWith(section));
  expect(posted[1]).toEqual({
    student_numbers: ["515151", "515152"],
    begin_date: "2026-09-08",
    end_date: "2026-12-18",
  });
});
