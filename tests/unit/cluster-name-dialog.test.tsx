import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { ClusterNameDialog } from "@/components/clusters/name-dialog";
import { snackbar } from "@/components/ui/snackbar";

jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));

function mockFetch(status: number, body: unknown) {
  const fetchMock = jest.fn(async () => ({ ok: status < 400, status, text: async () => JSON.stringify(body) }));
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}
const sent = (fetchMock: jest.Mock) => {
  const [path, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  return { path, method: init.method, body: JSON.parse(String(init.body)) };
};

function renderDialog(props: Partial<Parameters<typeof ClusterNameDialog>[0]> = {}) {
  const onSaved = jest.fn();
  render(<ClusterNameDialog open onOpenChange={jest.fn()} onSaved={onSaved} {...props} />);
  return { onSaved, name: screen.getByRole("textbox", { name: /Name/ }) };
}

beforeEach(() => (snackbar as unknown as jest.Mock).mockClear());

it("creates a cluster with the typed name (trimmed) and its first members", async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch(201, { id: 9, name: "Advisory 9" });
  const { onSaved, name } = renderDialog({ studentIds: [4] });
  await user.type(name, "  Advisory 9 ");
  await user.click(screen.getByRole("button", { name: "Create cluster" }));
  await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ id: 9, name: "Advisory 9" }));
  expect(sent(fetchMock)).toEqual({ path: "/api/clusters", method: "POST", body: { name: "Advisory 9", student_ids: [4] } });
});

it("checks the name with the route's schema before sending anything", async () => {
  const user = userEvent.setup();
  const fetchMock = mockFetch(200, {});
  renderDialog({ cluster: { id: 5, name: "Advisory 5" } });
  await user.clear(screen.getByRole("textbox", { name: /Name/ }));
  await user.click(screen.getByRole("button", { name: "Rename" }));
  expect(await screen.findByText("This field cannot be empty.")).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("says a taken name beside the field, not in a snackbar", async () => {
  const user = userEvent.setup();
  mockFetch(409, { code: "conflict", message: "Another cluster is called Advisory 5." });
  const { onSaved, name } = renderDialog({ cluster: { id: 6, name: "Advisory 6" } });
  await user.clear(name);
  await user.type(name, "Advisory 5");
  await user.click(screen.getByRole("button", { name: "Rename" }));
  expect(await screen.findByText("Another cluster is called Advisory 5.")).toBeInTheDocument();
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(onSaved).not.toHaveBeenCalled();
  expect(snackbar).not.toHaveBeenCalled();
});
