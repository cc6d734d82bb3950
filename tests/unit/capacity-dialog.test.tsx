import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { CapacityDialog } from "@/components/profile/capacity-dialog";
import { snackbar } from "@/components/ui/snackbar";

/** Set Capacity on a teacher's own profile: the route's rule checks the number first, the server's refusal reads under the field. */
jest.mock("@/components/ui/snackbar", () => {
  const fn = Object.assign(jest.fn(), { dismiss: jest.fn(), dismissErrors: jest.fn() });
  return { snackbar: fn, Toaster: () => null };
});
const toast = snackbar as unknown as jest.Mock;

const sent: unknown[] = [];
function server(replies: [number, unknown][]) {
  sent.length = 0;
  toast.mockClear();
  global.fetch = jest.fn(async (_url: string, init?: RequestInit) => {
    sent.push(JSON.parse(String(init!.body)));
    const [status, body] = replies.shift()!;
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
}

it("opens with the current capacity, refuses what is not a whole number without a request, and saves a number", async () => {
  server([
    [422, { code: "invalid", message: "x", errors: { capacity: ["Capacity can be at most 500."] } }],
    [200, { capacity: 12 }],
  ]);
  const onSaved = jest.fn();
  const user = userEvent.setup();
  render(<CapacityDialog capacity={30} onSaved={onSaved} />);
  await user.click(screen.getByRole("button", { name: "Set Capacity" }));
  const field = screen.getByRole("spinbutton", { name: "Capacity" });
  expect(field).toHaveValue(30);

  await user.clear(field);
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Capacity must be a whole number.")).toBeInTheDocument();
  await user.type(field, "-3");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Capacity cannot be negative.")).toBeInTheDocument();
  expect(sent).toEqual([]);

  await user.clear(field);
  await user.type(field, "13");
  await user.click(screen.getByRole("button", { name: "Save" }));
  expect(await screen.findByText("Capacity can be at most 500.")).toBeInTheDocument();
  expect(sent).toEqual([{ capacity: 13 }]);

  await user.clear(field);
  await user.type(field, "12");
  await user.click(screen.getByRole("button", { name: "Save" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ capacity: 12 }));
  expect(sent[1]).toEqual({ capacity: 12 });
  expect(toast).toHaveBeenCalledWith("Updated capacity.", { tone: "success" });
  expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
});
