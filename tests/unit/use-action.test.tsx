import { act, renderHook } from "@testing-library/react";
import { snackbar } from "@/components/ui/snackbar";
import { failureSaid, fieldErrorsTo, useAction } from "@/components/ui/use-action";
import { ApiClientError } from "@/lib/api/request.client";

jest.mock("@/components/ui/snackbar", () => ({ snackbar: jest.fn(), Toaster: () => null }));
const toast = snackbar as unknown as jest.Mock;
beforeEach(() => toast.mockClear());

const refused = new ApiClientError(409, "conflict", "That block is full.");

it("is busy while the write runs and hands back its result", async () => {
  let finish: (value: number) => void = () => {};
  const { result } = renderHook(() => useAction((n: number) => new Promise<number>((r) => (finish = () => r(n * 2)))));
  let answer: Promise<number | undefined> = Promise.resolve(undefined);
  act(() => {
    answer = result.current.run(21);
  });
  expect(result.current.busy).toBe(true);
  await act(async () => finish(0));
  await expect(answer).resolves.toBe(42);
  expect(result.current.busy).toBe(false);
  expect(toast).not.toHaveBeenCalled();
});

it("shows the server's message once, in red, and resolves to undefined", async () => {
  const { result } = renderHook(() => useAction(() => Promise.reject(refused)));
  await act(async () => expect(await result.current.run()).toBeUndefined());
  expect(toast).toHaveBeenCalledTimes(1);
  expect(toast).toHaveBeenCalledWith("That block is full.", { tone: "error" });
  expect(result.current.busy).toBe(false);
});

it("shows the action's fallback for a fault the server does not explain", async () => {
  const { result } = renderHook(() =>
    useAction(() => Promise.reject(new ApiClientError(500, "internal", "boom")), { failed: "Not saved." }),
  );
  await act(async () => void (await result.current.run()));
  expect(toast).toHaveBeenCalledWith("Not saved.", { tone: "error" });
});

it("leaves a failure the screen handles itself to the screen", async () => {
  const handled = jest.fn((error: unknown) => error instanceof ApiClientError && error.status === 409);
  const { result } = renderHook(() => useAction(() => Promise.reject(refused), { handled }));
  await act(async () => void (await result.current.run()));
  expect(handled).toHaveBeenCalledWith(refused);
  expect(toast).not.toHaveBeenCalled();
});

it("throws the failure on when asked, after the snackbar (a ConfirmDialog stays open)", async () => {
  const { result } = renderHook(() => useAction(() => Promise.reject(refused), { rethrow: true }));
  await act(async () => {
    await expect(result.current.run()).rejects.toBe(refused);
  });
  expect(toast).toHaveBeenCalledTimes(1);
  expect(result.current.busy).toBe(false);
});

it("says a failure in the screen's own words when asked, whatever the server answered", async () => {
  const { result } = renderHook(() =>
    useAction(() => Promise.reject(refused), { handled: failureSaid("That didn't work. Please try again.") }),
  );
  await act(async () => void (await result.current.run()));
  expect(toast).toHaveBeenCalledTimes(1);
  expect(toast).toHaveBeenCalledWith("That didn't work. Please try again.", { tone: "error" });
});

it("fieldErrorsTo says each named field's refusal beside it, and leaves every other failure to the snackbar", () => {
  const said: [string, string][] = [];
  const handled = fieldErrorsTo(["title", "subtitle"] as const, (field, message) => said.push([field, message]));
  const invalid = new ApiClientError(422, "validation_failed", "x", { title: ["Too long."], body: ["Empty."] });
  expect(handled(invalid)).toBe(true);
  expect(said).toEqual([["title", "Too long."]]);
  expect(handled(new ApiClientError(422, "validation_failed", "x", { body: ["Empty."] }))).toBe(false);
  expect(handled(refused)).toBe(false);
  expect(handled(new Error("offline"))).toBe(false);
  expect(said).toHaveLength(1);
});
