import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SWRConfig } from "swr";
import { RESET_PASSWORD_TEXT, ResetPasswordScreen } from "@/components/login/reset-password-screen";
import { ApiClientError } from "@/lib/api/request.client";

/** /reset-password: the link's refusals, the new password's refusals by field, and the way to sign in. */
const post = jest.fn();
jest.mock("@/lib/api/request.client", () => ({
  ...jest.requireActual("@/lib/api/request.client"),
  apiPost: (path: string, body: unknown) => post(path, body),
}));
jest.mock("@/components/auth/use-auth", () => ({ useAuth: () => ({ status: "signed-out", signOut: jest.fn() }) }));

const GOOD = "correct horse battery staple";

function renderScreen(token: string | null) {
  return render(
    <SWRConfig value={{ provider: () => new Map(), fetcher: async () => ({ values: {}, groups: [] }), dedupingInterval: 0 }}>
      <ResetPasswordScreen token={token} />
    </SWRConfig>,
  );
}

async function typeAndSubmit(password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Confirm new password"), password);
  await user.click(screen.getByRole("button", { name: RESET_PASSWORD_TEXT.submit }));
}

beforeEach(() => post.mockReset());

it("a link without its token says so, with the way to ask again", () => {
  renderScreen(null);
  expect(screen.getByRole("alert")).toHaveTextContent(RESET_PASSWORD_TEXT.missing);
  expect(screen.getByRole("link", { name: RESET_PASSWORD_TEXT.askAgain })).toHaveAttribute("href", "/login");
});

it("sends the token and the new password, then offers to sign in", async () => {
  post.mockResolvedValue({ message: "", username: "ada" });
  renderScreen("t0k3n");
  await typeAndSubmit(GOOD);
  expect(await screen.findByText(RESET_PASSWORD_TEXT.done)).toBeInTheDocument();
  expect(post).toHaveBeenCalledWith("/api/password-reset/complete", { token: "t0k3n", new_password: GOOD });
  expect(screen.getByRole("link", { name: RESET_PASSWORD_TEXT.signIn })).toHaveAttribute("href", "/login");
});

it("places the server's password refusal on the field, the form staying", async () => {
  post.mockRejectedValue(
    new ApiClientError(422, "invalid", "Some fields are not valid.", { new_password: ["This password is too common."] }),
  );
  renderScreen("t0k3n");
  await typeAndSubmit(GOOD);
  expect(await screen.findByText("This password is too common.")).toBeInTheDocument();
  expect(screen.getByRole("button", { name: RESET_PASSWORD_TEXT.submit })).toBeInTheDocument();
});

it("a refused link replaces the form with why", async () => {
  post.mockRejectedValue(new ApiClientError(400, "reset_link_invalid", "This link has expired."));
  renderScreen("t0k3n");
  await typeAndSubmit(GOOD);
  expect(await screen.findByRole("alert")).toHaveTextContent("This link has expired.");
  expect(screen.queryByRole("button", { name: RESET_PASSWORD_TEXT.submit })).not.toBeInTheDocument();
});
