import { render, screen, waitFor } from "@testing-library/react";
import { AuthProvider } from "@/components/auth/auth-provider";
import { useAuth } from "@/components/auth/use-auth";
import { getStored, setStored } from "@/lib/storage.client";

jest.mock("next/navigation", () => ({
  useRouter: () => ({ replace: jest.fn(), push: jest.fn() }),
  usePathname: () => "/settings",
}));

const user = {
  id: 1,
  role: "teacher",
  account_type: "staff",
  username: "t@s.x",
  display_name: "Mr. T",
  display_role: "Teacher",
  password_expired: false,
  initials: "T",
  color: "blue",
  details: { id: 7 },
};
const settings = { values: {}, groups: [] };

/** fetch by path: each entry is [status, body]. */
function routes(table: Record<string, [number, unknown]>) {
  const calls: string[] = [];
  global.fetch = jest.fn(async (url: string) => {
    calls.push(url);
    const [status, body] = table[url] ?? [404, { message: "no" }];
    return { ok: status < 300, status, text: async () => JSON.stringify(body) };
  }) as unknown as typeof fetch;
  return calls;
}

function Probe() {
  const { status, user: me, signOutReason, settingsFailed } = useAuth();
  return (
    <p data-testid="state">{`${status}|${me?.display_name ?? "-"}|${signOutReason ?? "-"}|${settingsFailed}`}</p>
  );
}

const state = () => screen.getByTestId("state").textContent;

beforeEach(() => window.localStorage.clear());

describe("AuthProvider", () => {
  it("is signed out without a token", async () => {
    routes({});
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe("signed-out|-|-|false"));
  });

  it("shows the splash while loading, then the signed-in user", async () => {
    setStored("token", "tok");
    routes({ "/api/user": [200, user], "/api/settings": [200, settings] });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(screen.getByText("Loading Flexblock…")).toBeInTheDocument();
    await waitFor(() => expect(state()).toBe("signed-in|Mr. T|-|false"));
  });

  it("signs out with the expired banner when the user fetch answers 401", async () => {
    setStored("token", "dead");
    routes({
      "/api/user": [401, { code: "invalid_token", message: "x" }],
      "/api/settings": [401, { code: "invalid_token" }],
    });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe("signed-out|-|expired|false"));
    expect(getStored("token")).toBeNull();
  });

  it("signs out with the server-error banner when the user fetch fails otherwise", async () => {
    setStored("token", "tok");
    const calls = routes({
      "/api/user": [500, { message: "boom" }],
      "/api/settings": [200, settings],
      "/api/logout": [200, {}],
    });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe("signed-out|-|error|false"));
    expect(calls).toContain("/api/logout");
  });

  it("signs out and raises the failed-settings flag when settings fail", async () => {
    setStored("token", "tok");
    const calls = routes({
      "/api/user": [200, user],
      "/api/settings": [500, { message: "boom" }],
      "/api/logout": [200, {}],
    });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await waitFor(() => expect(state()).toBe("signed-out|-|user|true"));
    expect(calls).toContain("/api/logout");
    expect(getStored("token")).toBeNull();
  });

  it("holds an expired password on the forced change", async () => {
    setStored("token", "tok");
    routes({ "/api/user": [200, { ...user, password_expired: true }], "/api/settings": [200, settings] });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText("Your old password has expired and must be changed.")).toBeInTheDocument();
    expect(screen.queryByTestId("state")).not.toBeInTheDocument();
  });
});
