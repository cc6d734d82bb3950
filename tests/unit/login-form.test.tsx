import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { LoginForm } from "@/components/login/login-form";
import { ApiClientError } from "@/lib/api/request.client";
import { getStored, setStored } from "@/lib/storage.client";

type Reply = { status: number; body: unknown };

/** fetch answering each call with the next reply. */
function mockFetch(...replies: Reply[]) {
  const fn = jest.fn(async () => {
    const reply = replies.shift() ?? { status: 500, body: {} };
    return { ok: reply.status < 300, status: reply.status, text: async () => JSON.stringify(reply.body) };
  });
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

const teacher = { username: "teacher@demo.school", initials: "TT", color: "blue" };

async function toPasswordStep(user: ReturnType<typeof userEvent.setup>) {
  mockFetch({ status: 200, body: teacher });
  await user.type(screen.getByLabelText("Email or Student Number"), "teacher@demo.school");
  await user.click(screen.getByRole("button", { name: "Next" }));
  await screen.findByLabelText("Password");
}

beforeEach(() => window.localStorage.clear());

describe("LoginForm", () => {
  it("asks for a username without calling the server", async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch();
    render(<LoginForm onSignIn={jest.fn()} />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(screen.getByText("A username is required to log in.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email or Student Number")).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows an unknown user (404) under the username field", async () => {
    const user = userEvent.setup();
    mockFetch({ status: 404, body: { message: "x", code: "user_not_found" } });
    render(<LoginForm onSignIn={jest.fn()} />);
    await user.type(screen.getByLabelText("Email or Student Number"), "nobody@demo.school");
    await user.click(screen.getByRole("button", { name: "Next" }));
    const field = screen.getByLabelText("Email or Student Number");
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        "The user could not be found. Please check with your administrator.",
      ),
    );
  });

  it("asks for a password without signing in", async () => {
    const user = userEvent.setup();
    const onSignIn = jest.fn();
    render(<LoginForm onSignIn={onSignIn} />);
    await toPasswordStep(user);
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(screen.getByText("A password is required to log in.")).toBeInTheDocument();
    expect(onSignIn).not.toHaveBeenCalled();
  });

  it.each([
    [401, "password", "The given credentials were not correct."],
    [423, "form", "Your account has been locked. Please contact your administrator."],
    // A 429 shows the server's own words: how long this username or address has to wait.
    [429, "form", "server text"],
    [500, "form", "The server encountered an error while logging you in. Please try again."],
  ])("places a %i from sign-in on the %s", async (status, place, message) => {
    const user = userEvent.setup();
    const onSignIn = jest.fn().mockRejectedValue(new ApiClientError(status, "x", "server text"));
    render(<LoginForm onSignIn={onSignIn} />);
    await toPasswordStep(user);
    await user.type(screen.getByLabelText("Password"), "wrong-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(onSignIn).toHaveBeenCalledWith("teacher@demo.school", "wrong-password");
    if (place === "password") {
      await waitFor(() => expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(message));
    } else {
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
    }
  });

  it("remembers the user after a successful sign-in when Remember me is ticked", async () => {
    const user = userEvent.setup();
    render(<LoginForm onSignIn={jest.fn().mockResolvedValue({})} />);
    await user.click(screen.getByLabelText("Remember me"));
    await toPasswordStep(user);
    await user.type(screen.getByLabelText("Password"), "demo-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(getStored("rememberedUsers")).toEqual([teacher]));
  });

  it("does not remember the user when Remember me is not ticked", async () => {
    const user = userEvent.setup();
    render(<LoginForm onSignIn={jest.fn().mockResolvedValue({})} />);
    await toPasswordStep(user);
    await user.type(screen.getByLabelText("Password"), "demo-password");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    await waitFor(() => expect(getStored("rememberedUsers")).toBeNull());
  });

  it("starts a remembered user at the password step, and removes one from the list", async () => {
    setStored("rememberedUsers", [teacher, { username: "100001", initials: "SS", color: "green" }]);
    const user = userEvent.setup();
    const fetchMock = mockFetch();
    render(<LoginForm onSignIn={jest.fn()} />);
    await user.click(screen.getByRole("button", { name: "Remove 100001" }));
    expect(screen.queryByText("100001")).not.toBeInTheDocument();
    expect(getStored("rememberedUsers")).toEqual([teacher]);
    await user.click(screen.getByRole("button", { name: "Sign in as teacher@demo.school" }));
    expect(await screen.findByLabelText("Password")).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });
  it("offers Forgot your password? on the password step only when the school allows resets, and says the neutral sentence", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<LoginForm onSignIn={jest.fn()} />);
    await toPasswordStep(user);
    expect(screen.queryByRole("button", { name: "Forgot your password?" })).not.toBeInTheDocument();
    unmount();

    render(<LoginForm onSignIn={jest.fn()} resetByEmail />);
    await toPasswordStep(user);
    const sent = "If that account can reset its password by email, a link is on its way. It works for 30 minutes.";
    const fetchMock = mockFetch({ status: 202, body: { message: sent } });
    await user.click(screen.getByRole("button", { name: "Forgot your password?" }));
    expect(await screen.findByRole("status")).toHaveTextContent(sent);
    expect(fetchMock).toHaveBeenCalledWith("/api/password-reset", expect.objectContaining({ method: "POST", body: JSON.stringify({ username: "teacher@demo.school" }) }));
    expect(screen.queryByRole("button", { name: "Forgot your password?" })).not.toBeInTheDocument();
  });
});
