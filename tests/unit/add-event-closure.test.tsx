import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddEventForm } from "@/components/school-calendar/add-event-form";

/**
 * Adding a day without school asks the server first (a dry run) and, when the day has plans, says how
 * many it cancels before the event is added; a day with none is added at once, as any event.
 */
const post = jest.fn();
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: (path: string, body: unknown) => post(path, body),
}));

beforeEach(() => post.mockReset());

it("shows the plans a closure cancels, focused, and adds it only when asked again", async () => {
  const user = userEvent.setup();
  const onAdded = jest.fn(async () => {});
  post.mockImplementation(async (_path: string, body: { dry_run?: boolean }) =>
    body.dry_run ? { dry_run: true, plans_cancelled: 110 } : { id: 4, plans_cancelled: 110 },
  );
  render(<AddEventForm date="2026-12-09" onAdded={onAdded} />);
  await user.type(screen.getByLabelText("Event name"), "Snow day");
  await user.click(screen.getByRole("checkbox", { name: "No school that day" }));
  await user.click(screen.getByRole("button", { name: "Add event" }));
  expect(post).toHaveBeenCalledWith("/api/calendar-events", { date: "2026-12-09", name: "Snow day", no_blocks: true, dry_run: true });
  const notice = await screen.findByTestId("closure-dry-run");
  expect(notice).toHaveTextContent("Closing this day cancels 110 plans students made for it. They come back if you delete the event before the day.");
  expect(notice).toHaveFocus();
  expect(onAdded).not.toHaveBeenCalled();
  await user.click(screen.getByRole("button", { name: "Close the day and cancel 110 plans" }));
  expect(post).toHaveBeenLastCalledWith("/api/calendar-events", { date: "2026-12-09", name: "Snow day", no_blocks: true, dry_run: false });
  expect(onAdded).toHaveBeenCalledWith("Snow day", 110);
});

it("adds a closure with no plans at once, and Keep the day drops the question", async () => {
  const user = userEvent.setup();
  const onAdded = jest.fn(async () => {});
  post.mockImplementation(async (_path: string, body: { dry_run?: boolean }) =>
    body.dry_run ? { dry_run: true, plans_cancelled: 0 } : { id: 5, plans_cancelled: 0 },
  );
  render(<AddEventForm date="2026-12-10" onAdded={onAdded} />);
  await user.type(screen.getByLabelText("Event name"), "Pro-D Day");
  await user.click(screen.getByRole("checkbox", { name: "No school that day" }));
  await user.click(screen.getByRole("button", { name: "Add event" }));
  expect(onAdded).toHaveBeenCalledWith("Pro-D Day", 0);
  expect(post).toHaveBeenCalledTimes(2);

  post.mockImplementation(async () => ({ dry_run: true, plans_cancelled: 3 }));
  await user.type(screen.getByLabelText("Event name"), "Storm");
  await user.click(screen.getByRole("checkbox", { name: "No school that day" }));
  await user.click(screen.getByRole("button", { name: "Add event" }));
  await user.click(await screen.findByRole("button", { name: "Keep the day" }));
  expect(screen.queryByTestId("closure-dry-run")).not.toBeInTheDocument();
  expect(screen.getByRole("button", { name: "Add event" })).toBeInTheDocument();
});
