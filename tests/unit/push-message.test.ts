/** @jest-environment node */
import { openablePath, readPushMessage } from "@/lib/pwa/push-message";

const ORIGIN = "https://flexblock.school.example";

describe("what the service worker shows for a push", () => {
  it("reads the title, body and path the server sends", () => {
    const raw = JSON.stringify({ title: "Ms. Ruiz booked you", body: "For a Math test retake.", url: "/profile?date=2026-12-08" });
    expect(readPushMessage(raw, ORIGIN)).toEqual({ title: "Ms. Ruiz booked you", body: "For a Math test retake.", url: "/profile?date=2026-12-08" });
  });

  it("still shows a notification for a push it cannot read", () => {
    expect(readPushMessage(null, ORIGIN)).toEqual({ title: "Flexblock", body: "", url: "/" });
    expect(readPushMessage("plain words", ORIGIN)).toEqual({ title: "Flexblock", body: "plain words", url: "/" });
    expect(readPushMessage(JSON.stringify({ title: 42, body: ["x"] }), ORIGIN)).toEqual({ title: "Flexblock", body: "", url: "/" });
  });

  it.each([
    ["https://evil.example/phish", "/"],
    ["//evil.example/phish", "/"],
    ["/\\evil.example", "/"],
    ["/\t/evil.example", "/"],
    ["javascript:alert(1)", "/"],
    [`${ORIGIN}/notifications`, "/notifications"],
    ["/profile?date=2026-12-08#notifications", "/profile?date=2026-12-08#notifications"],
    [undefined, "/"],
  ])("a tap on a push for %s opens %s (this site only)", (url, path) => {
    expect(openablePath(url, ORIGIN)).toBe(path);
  });
});
