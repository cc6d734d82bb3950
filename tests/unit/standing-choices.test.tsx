import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { StandingChoices } from "@/components/profile/standing-choices";
import { snackbar } from "@/components/ui/snackbar";
import { ApiClientError } from "@/lib/api/request.client";

/** "My usual choices": listed, removed (with their coming plans), added in one sentence. */
jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));
const post = jest.fn();
const remove = jest.fn();
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: (path: string, body: unknown) => post(path, body),
  apiDelete: (path: string) => remove(path),
  fetcher: async () => mockList,
}));
const toast = snackbar as unknown as jest.Mock;

const choice = {
  id: 3,
  staff: { id: 11, name: "Ruiz, Ana" },
  day_type: "Day 2",
  weekday: null,
  pattern: "Day 2",
  from: "2026-12-03",
  until: "2027-01-29",
  created_at: "2026-12-01T10:00:00Z",
};
const mockList = {
  standing_choices: [choice],
  cycle: { kind: "rotation", day_types: ["Day 1", "Day 2"] },
  teachers: [
    { id: 11, name: "Ruiz, Ana" },
    { id: 12, name: "Chen, Bo" },
  ],
  today: "2026-12-03",
};

function renderChoices() {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => mockList, dedupingInterval: 0 }}>
      <StandingChoices />
    </SWRConfig>,
  );
}

beforeEach(() => {
  post.mockReset();
  remove.mockReset();
  toast.mockClear();
});

it("removes a usual choice and says how many coming plans went with it", async () => {
  const user = userEvent.setup();
  remove.mockResolvedValue({ plans_removed: 2 });
  renderChoices();
  await user.click(await screen.findByRole("button", { name: "Remove every Day 2 with Ruiz" }));
  await waitFor(() => expect(remove).toHaveBeenCalledWith("/api/students/standing-choices/3"));
  expect(toast).toHaveBeenCalledWith("Removed every Day 2 with Ruiz and its 2 coming plans.", { tone: "success" });
});

it("says a refused removal once, in the error snackbar", async () => {
  const user = userEvent.setup();
  remove.mockRejectedValue(new ApiClientError(409, "conflict", "That choice is already gone."));
  renderChoices();
  await user.click(await screen.findByRole("button", { name: "Remove every Day 2 with Ruiz" }));
  await waitFor(() => expect(toast).toHaveBeenCalledWith("That choice is already gone.", { tone: "error" }));
});

it("adds a choice from the sentence, sending the day type and the teacher chosen", async () => {
  const user = userEvent.setup();
  post.mockResolvedValue({ ...choice, id: 4, staff: { id: 12, name: "Chen, Bo" }, outcomes: [{ outcome: "planned" }] });
  renderChoices();
  await user.selectOptions(await screen.findByRole("combobox", { name: "Every" }), "Day 2");
  await user.selectOptions(screen.getByRole("combobox", { name: "With" }), "Chen, Bo");
  await user.click(screen.getByRole("button", { name: "Add usual choice" }));
  await waitFor(() =>
    expect(post).toHaveBeenCalledWith("/api/students/standing-choices", { staff_id: 12, from: "2026-12-03", day_type: "Day 2" }),
  );
  expect(toast).toHaveBeenCalledWith("Every Day 2 with Chen: 1 Focus Block planned so far.", { tone: "success" });
});

it("places the server's refusal by the field it concerns", async () => {
  const user = userEvent.setup();
  post.mockRejectedValue(
    new ApiClientError(422, "invalid", "Some fields are not valid.", { until: ["Until is after the term."] }),
  );
  renderChoices();
  await user.click(await screen.findByRole("button", { name: "Add usual choice" }));
  expect(await screen.findByText("Until is after the term.")).toBeInTheDocument();
  expect(toast).not.toHaveBeenCalled();
});
