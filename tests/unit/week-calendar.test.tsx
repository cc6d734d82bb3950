import { fireEvent, render, screen, within } from "@testing-library/react";
import { staffTile, studentDayMark, studentTile } from "@/components/calendar/tile-rules";
import { WeekCalendar } from "@/components/calendar/week-calendar";
import { TooltipProvider } from "@/components/ui/tooltip";
import type {
  Appointment,
  ScheduleBlock,
  StaffScheduleBlock,
  StaffScheduleResponse,
  StudentScheduleBlock,
  StudentScheduleResponse,
} from "@/lib/core/schedule/types";

const staff = { id: 7, name: "Mr. Smith, Jane" };
const student = { id: 3, name: "Sam Park" };
const appointment = (id: number): Appointment => ({
  id,
  memo: "",
  date: "2026-03-18",
  block_id: 9,
  staff,
  student,
});

const block = (over: Partial<StudentScheduleBlock>): StudentScheduleBlock => ({
  id: 9,
  start: "9:26 AM",
  end: "10:06 AM",
  label: "Focus Block",
  flex: true,
  pending: true,
  amendments: [],
  appointments: [],
  logs: [],
  scheduled: null,
  ...over,
});

const day = <B extends ScheduleBlock = StudentScheduleBlock>(
  iso: string,
  dayName: string,
  date: string,
  blocks: B[],
  isToday = false,
) => ({
  date: { day: dayName, date, full_date: `Mar ${date}, 2026`, iso, is_today: isToday },
  events: [],
  blocks,
});

const schedule: StudentScheduleResponse = {
  range: "Mar 15 - 21, 2026",
  next: "2026-03-25",
  previous: null,
  min_date: "2026-01-05",
  max_date: "2026-06-26",
  schedule: [
    day("2026-03-16", "Mon", "16", [
      block({
        id: 1,
        flex: false,
        label: "Block 1",
        scheduled: { id: 1, name: "Chemistry 11", short_name: "CHEM11" },
      }),
    ]),
    day("2026-03-17", "Tue", "17", [
      block({ appointments: Array.from({ length: 12 }, (_, i) => appointment(i)) }),
    ]),
    day(
      "2026-03-18",
      "Wed",
      "18",
      [block({ amendments: [{ id: 1, memo: "Trip", date: "2026-03-18", block_id: 9, staff, student }] })],
      true,
    ),
    day("2026-03-19", "Thu", "19", []),
    day("2026-03-20", "Fri", "20", [block({ id: 2, label: "Block 2", flex: false, scheduled: null })]),
  ],
};

function renderCalendar(overrides: Partial<Parameters<typeof WeekCalendar>[0]> = {}) {
  const onNavigate = jest.fn();
  const onOpenBlock = jest.fn();
  render(
    <TooltipProvider>
      <WeekCalendar
        schedule={schedule}
        validating={false}
        date={null}
        onNavigate={onNavigate}
        onRefresh={jest.fn()}
        describe={(b) => studentTile(b as StudentScheduleBlock)}
        onOpenBlock={onOpenBlock}
        {...overrides}
      />
    </TooltipProvider>,
  );
  return { onNavigate, onOpenBlock };
}

describe("WeekCalendar", () => {
  it("shows the range, the day labels and marks today", () => {
    renderCalendar();
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Mar 15 - 21, 2026");
    const today = screen.getByRole("heading", { name: "Wed Mar 18, 2026, today" });
    expect(today).toHaveAttribute("aria-current", "date");
    expect(screen.getByRole("heading", { name: "Mon Mar 16, 2026" })).not.toHaveAttribute("aria-current");
  });

  it("caps the appointment badge at 9+ and titles an amended block", () => {
    renderCalendar();
    const busy = screen.getAllByRole("button", { name: /^Focus Block, Tue/ })[0]!;
    expect(within(busy).getByText("9+")).toBeInTheDocument();
    expect(busy).toHaveAccessibleName(/12 appointments/);
    const amended = screen.getAllByRole("button", { name: /^Focus Block, Wed/ })[0]!;
    expect(amended).toHaveTextContent("Block Amended");
    expect(amended).toHaveAttribute("data-status", "void");
  });

  it("says so on a day with nothing in it", () => {
    renderCalendar();
    expect(screen.getAllByText("Nothing to show").length).toBeGreaterThan(0);
  });

  it("moves with previous / next and disables an edge of the school year", () => {
    const { onNavigate } = renderCalendar();
    expect(screen.getByRole("button", { name: "Previous week" })).toBeDisabled();
    fireEvent.click(screen.getByRole("button", { name: "Next week" }));
    expect(onNavigate).toHaveBeenCalledWith("2026-03-25");
    // this week holds today, so Today has nothing to do
    expect(screen.getByRole("button", { name: "Today" })).toBeDisabled();
  });

  it("opens a block with the day it is on, and arrow keys move between tiles", () => {
    const { onOpenBlock } = renderCalendar();
    const chemistry = screen.getAllByRole("button", { name: /^Block 1, Mon/ })[0]!;
    fireEvent.click(chemistry);
    expect(onOpenBlock).toHaveBeenCalledWith(
      expect.objectContaining({ id: 1 }),
      expect.objectContaining({ date: expect.objectContaining({ iso: "2026-03-16" }) }),
    );
    chemistry.focus();
    fireEvent.keyDown(chemistry, { key: "ArrowRight" });
    expect(document.activeElement).toHaveAccessibleName(/^Focus Block, Tue/);
  });

  it("marks the phone's day tabs that still have a Focus Block to choose, in words too", () => {
    const toChoose: StudentScheduleResponse = {
      ...schedule,
      schedule: [
        ...schedule.schedule.slice(0, 3),
        // Thursday: an open Focus Block, nothing chosen; Friday: one that is over (nothing to choose).
        day("2026-03-19", "Thu", "19", [block({ id: 3 })]),
        day("2026-03-20", "Fri", "20", [block({ id: 4, pending: false })]),
      ],
    };
    renderCalendar({
      schedule: toChoose,
      dayMark: (d) => studentDayMark(d as { blocks: StudentScheduleBlock[] }),
    });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.getAttribute("aria-label"))).toEqual([
      "Mon Mar 16, 2026",
      "Tue Mar 17, 2026",
      "Wed Mar 18, 2026, today",
      "Thu Mar 19, 2026, still to choose",
      "Fri Mar 20, 2026",
    ]);
    expect(within(tabs[3]!).getByTestId("day-mark")).toBeInTheDocument();
    expect(within(tabs[4]!).queryByTestId("day-mark")).toBeNull();
    // Chosen, booked or amended blocks are not "to choose".
    expect(
      studentDayMark({
        blocks: [
          block({
            scheduled: { id: 7, name: "Mr. Smith, Jane", initials: "JS", color: "blue", topic: null },
          }),
        ],
      }),
    ).toBeNull();
    expect(studentDayMark({ blocks: [block({ appointments: [appointment(1)] })] })).toBeNull();
    expect(studentDayMark({ blocks: [block({ flex: false })] })).toBeNull();
  });

  it("uses the staff rules when given them", () => {
    const topic = { id: 4, memo: "Robotics lab", color: "teal", unavailable: false, deleted: false, staff };
    const plan = (id: number) => ({ id, date: "2026-03-17", block_id: 9, student: { id, name: `S ${id}` }, staff });
    const staffBlock = (over: Partial<StaffScheduleBlock>): StaffScheduleBlock => ({
      ...block({}),
      planned: [],
      scheduled: null,
      ...over,
    });
    const staffSchedule: StaffScheduleResponse = {
      ...schedule,
      schedule: [
        day("2026-03-16", "Mon", "16", [
          // Past, with an appointment that no check-in matches: missed.
          staffBlock({ pending: false, appointments: [appointment(1)] }),
        ]),
        day("2026-03-17", "Tue", "17", [
          staffBlock({
            scheduled: { id: 2, date: "2026-03-17", block_id: 9, topic },
            planned: [plan(1), plan(2), plan(3)],
          }),
        ]),
        day("2026-03-18", "Wed", "18", [staffBlock({})], true),
        day("2026-03-19", "Thu", "19", [
          staffBlock({
            id: 1,
            label: "Block 1",
            flex: false,
            scheduled: { id: 1, name: "Chemistry 11", short_name: "CHEM11" },
          }),
        ]),
        day("2026-03-20", "Fri", "20", []),
      ],
    };
    render(
      <TooltipProvider>
        <WeekCalendar
          schedule={staffSchedule}
          validating={false}
          date={null}
          onNavigate={jest.fn()}
          onRefresh={jest.fn()}
          describe={staffTile}
          onOpenBlock={jest.fn()}
        />
      </TooltipProvider>,
    );
    const tile = (name: RegExp) => screen.getAllByRole("button", { name })[0]!;
    // A teacher's flex block shows their topic in its colour and how many students planned it.
    const withTopic = tile(/^Focus Block, Tue/);
    expect(withTopic).toHaveAttribute("data-status", "topic");
    expect(withTopic).toHaveTextContent("Robotics lab");
    expect(withTopic).toHaveTextContent("3 planned");
    expect(withTopic).toHaveAccessibleName(/\. Robotics lab\. 3 planned$/);
    // Without a topic: "No Schedule"; a class block: the course's name.
    expect(tile(/^Focus Block, Wed/)).toHaveAttribute("data-status", "pending");
    expect(tile(/^Focus Block, Wed/)).toHaveTextContent("No Schedule");
    expect(tile(/^Block 1, Thu/)).toHaveTextContent("Chemistry 11");
    // A past block with an appointment nobody checked in is missed (a student's tile would say "No Schedule").
    const missed = tile(/^Focus Block, Mon/);
    expect(missed).toHaveAttribute("data-status", "missed");
    expect(missed).toHaveAccessibleName(/\. No Schedule\. Missed\. 1 appointment$/);
  });

  it("shows a failure with a way to try again", () => {
    const onRefresh = jest.fn();
    render(
      <TooltipProvider>
        <WeekCalendar
          schedule={undefined}
          error={new Error("boom")}
          validating={false}
          date={null}
          onNavigate={jest.fn()}
          onRefresh={onRefresh}
          describe={(b) => studentTile(b as StudentScheduleBlock)}
          onOpenBlock={jest.fn()}
        />
      </TooltipProvider>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("The schedule could not be loaded.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRefresh).toHaveBeenCalled();
  });
});
