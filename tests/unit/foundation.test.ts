import { ApiClientError, apiGet, apiPost, SESSION_EXPIRED_EVENT } from "@/lib/api/request.client";
import {
  clearPersonalData,
  forgetUser,
  getStored,
  rememberUser,
  setStored,
  STORAGE_KEYS,
} from "@/lib/storage.client";
import { APP_VERSION } from "@/lib/version";
import { homeFor, safeOrigin } from "@/components/auth/auth-gate";
import { changePasswordErrors } from "@/lib/auth/password-rules";
import pkg from "../../package.json";

function mockFetch(status: number, body: unknown) {
  const fn = jest.fn(async (_url: string, _init: RequestInit) => ({
    ok: status < 300,
    status,
    text: async () => JSON.stringify(body),
  }));
  global.fetch = fn as unknown as typeof fetch;
  return fn;
}

beforeEach(() => window.localStorage.clear());

describe("device storage", () => {
  it("keeps only remembered users (and the menu preference) after sign-out", () => {
    setStored("token", "abc");
    setStored("menuOpen", false);
    setStored("checkInErrors", [{ timestamp_string: "now", errors: ["1"] }]);
    setStored("pendingChips", [{ value: "123", timestamp: "t" }]);
    rememberUser({ username: "a@b.c", initials: "AB", color: "red" });
    clearPersonalData();
    expect(getStored("token")).toBeNull();
    expect(getStored("checkInErrors")).toBeNull();
    expect(getStored("pendingChips")).toBeNull();
    expect(getStored("menuOpen")).toBe(false);
    expect(getStored("rememberedUsers")).toEqual([{ username: "a@b.c", initials: "AB", color: "red" }]);
  });

  it("remembers a user once, most recent first, and forgets by username", () => {
    rememberUser({ username: "one", initials: "O", color: "red" });
    rememberUser({ username: "two", initials: "T", color: "blue" });
    rememberUser({ username: "ONE", initials: "O", color: "green" });
    expect(getStored("rememberedUsers")!.map((u) => u.color)).toEqual(["green", "blue"]);
    forgetUser("one");
    expect(getStored("rememberedUsers")!.map((u) => u.username)).toEqual(["two"]);
  });

  it("reads an unreadable value as absent", () => {
    window.localStorage.setItem(STORAGE_KEYS.rememberedUsers, "{not json");
    expect(getStored("rememberedUsers")).toBeNull();
  });
});

describe("the API client", () => {
  it("sends JSON with the bearer token from storage", async () => {
    setStored("token", "tok");
    const fetchMock = mockFetch(200, { ok: true });
    await expect(apiPost("/api/x", { a: 1 })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.headers).toMatchObject({
      Accept: "application/json",
      "Content-Type": "application/json",
      Authorization: "Bearer tok",
    });
    expect(init.body).toBe('{"a":1}');
  });

  it("throws ApiClientError with status, code, message and field errors", async () => {
    mockFetch(422, { message: "Bad", code: "invalid", errors: { email: ["Taken."] } });
    const error = await apiGet("/api/x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 422, code: "invalid", message: "Bad" });
    expect((error as ApiClientError).fieldError("email")).toBe("Taken.");
  });

  it("announces an expired session on a 401 for a dead token, but not for a wrong password", async () => {
    setStored("token", "tok");
    const listener = jest.fn();
    window.addEventListener(SESSION_EXPIRED_EVENT, listener);
    mockFetch(401, { code: "bad_credentials", message: "no" });
    await apiPost("/api/verify-user", { password: "x" }).catch(() => undefined);
    expect(listener).not.toHaveBeenCalled();
    mockFetch(401, { code: "invalid_token", message: "expired" });
    await apiGet("/api/user").catch(() => undefined);
    expect(listener).toHaveBeenCalledTimes(1);
    window.removeEventListener(SESSION_EXPIRED_EVENT, listener);
  });

  it("reports an unreachable server as status 0", async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(apiGet("/api/x")).rejects.toMatchObject({ status: 0, code: "network" });
  });
});

describe("sign-in redirects", () => {
  it("keeps only same-site origins", () => {
    expect(safeOrigin("/staff/3?date=2026-03-02#x")).toBe("/staff/3?date=2026-03-02#x");
    expect(safeOrigin("//evil.example")).toBeNull();
    expect(safeOrigin("/\\evil.example")).toBeNull();
    expect(safeOrigin("https://evil.example")).toBeNull();
    expect(safeOrigin("/login?from=/x")).toBeNull();
    // Browsers drop tabs and newlines and read "\\" as "/": each of these would land on evil.example.
    for (const evil of ["/\t/evil.example", "/\n/evil.example", "/\r\n/evil.example", "\\/evil.example", "/\\/evil.example"]) {
      expect(safeOrigin(evil)).toBeNull();
    }
    expect(safeOrigin(decodeURIComponent("%2F%09%2Fevil.example"))).toBeNull();
  });

  it("sends students to /profile and staff to their origin or /", () => {
    expect(homeFor("student", "/staff")).toBe("/profile");
    // A reminder's link keeps its week and block through the sign-in; another page of /profile's name does not.
    expect(homeFor("student", "/profile?date=2026-12-08&block=4")).toBe("/profile?date=2026-12-08&block=4");
    expect(homeFor("student", "/profiles/3")).toBe("/profile");
    expect(homeFor("teacher", "/staff")).toBe("/staff");
    expect(homeFor("admin", null)).toBe("/");
  });
});

describe("the change-password form rules", () => {
  const base = {
    password: "old",
    newPassword: "long-enough",
    confirmation: "long-enough",
    showPassword: false,
  };
  it("needs 8 characters, not the username, and a matching confirmation unless shown", () => {
    expect(changePasswordErrors(base, "me")).toEqual({});
    expect(
      changePasswordErrors({ ...base, newPassword: "short", confirmation: "short" }, "me").newPassword,
    ).toBe("Password must be at least 8 characters.");
    expect(
      changePasswordErrors(
        { ...base, newPassword: "me@school.x", confirmation: "me@school.x" },
        "ME@school.x",
      ).newPassword,
    ).toBe("You cannot use that password.");
    expect(changePasswordErrors({ ...base, confirmation: "other" }, "me").confirmation).toBe(
      "Passwords don't match.",
    );
    expect(changePasswordErrors({ ...base, confirmation: "other", showPassword: true }, "me")).toEqual({});
    // Counted as the server counts (lib/auth/password-rules.ts): four emoji are four characters.
    expect(changePasswordErrors({ ...base, newPassword: "🙂🙂🙂🙂", confirmation: "🙂🙂🙂🙂" }, "me").newPassword).toBe(
      "Password must be at least 8 characters.",
    );
  });
});

it("shows the package version in About", () => {
  expect(APP_VERSION).toBe(pkg.version);
  expect(APP_VERSION).toBe("1.2.9");
});
