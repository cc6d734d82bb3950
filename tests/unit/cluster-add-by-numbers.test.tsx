import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AddByNumbers } from "@/components/clusters/add-by-numbers";
import type { ClusterPage } from "@/lib/clusters/present";

/** A cluster takes pasted student numbers or a CSV's. */

const CLUSTER = { id: 5, name: "Advisory 5", member_count: 1, members: [] } as unknown as ClusterPage;

function mockFetch(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => ({
    ok: status < 400,
    status,
    text: async () => JSON.stringify(body),
  }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const sentBody = (fetchMock: jest.Mock) =>
  JSON.parse(String(((fetchMock.mock.calls[0] as unknown[])[1] as RequestInit).body));

it("adds pasted numbers in one request", async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch(200, { ...CLUSTER, member_count: 4 });
  const onAdded = jest.fn();
  render(<AddByNumbers cluster={CLUSTER} onAdded={onAdded} />);
  await user.type(
    screen.getByRole("textbox", { name: "Paste student numbers" }),
    "1001, 1002{Enter}1003 1001",
  );
  await user.click(screen.getByRole("button", { name: "Add 3 student numbers" }));
  await waitFor(() => expect(onAdded).toHaveBeenCalled());
  expect((fetchMock.mock.calls[0] as unknown[])[0]).toBe("/api/clusters/5/members");
  expect(sentBody(fetchMock)).toEqual({ student_numbers: ["1001", "1002", "1003"] });
});

it("fills the numbers from a CSV's student_number column", async () => {
  const user = userEvent.setup();
  mockFetch(200, CLUSTER);
  const { container } = render(<AddByNumbers cluster={CLUSTER} onAdded={jest.fn()} />);
  const content = "name,student_number\nAnn,2001\nBo,2002\n";
  const csv = new File([content], "advisory.csv", { type: "text/csv" });
  // jsdom's File has no text(); the browser's does.
  Object.defineProperty(csv, "text", { value: async () => content });
  await user.upload(container.querySelector('input[type="file"]') as HTMLInputElement, csv);
  expect(await screen.findByRole("button", { name: "Add 2 student numbers" })).toBeEnabled();
  expect(screen.getByRole("textbox", { name: "Paste student numbers" })).toHaveValue("2001\n2002");
});

it("lists the unknown numbers the server refuses", async () => {
  const user = userEvent.setup();
  mockFetch(422, {
    error: "invalid",
    message: "Some fields are not valid.",
    errors: { student_numbers: ["This student number is not known: 9999."] },
  });
  const onAdded = jest.fn();
  render(<AddByNumbers cluster={CLUSTER} onAdded={onAdded} />);
  await user.type(screen.getByRole("textbox", { name: "Paste student numbers" }), "9999");
  await user.click(screen.getByRole("button", { name: "Add 1 student number" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("This student number is not known: 9999.");
  expect(onAdded).not.toHaveBeenCalled();
});
