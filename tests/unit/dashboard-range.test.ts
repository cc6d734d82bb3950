/** @jest-environment node */
import { dashboardRange } from "@/lib/dashboard/range";

/** The dashboard's default range: four weeks up to today, never wholly outside the school year. */
const year = { start: "2026-09-02", end: "2027-06-25" };

it("is the four weeks up to today during the year", () => {
  expect(dashboardRange({}, "2026-12-03", year)).toEqual({ from: "2026-11-06", to: "2026-12-03" });
});

it("starts on the year's first day in its first weeks", () => {
  expect(dashboardRange({}, "2026-09-10", year)).toEqual({ from: "2026-09-02", to: "2026-09-10" });
});

it("is the year's first four weeks before it starts, and its last after it ends", () => {
  expect(dashboardRange({}, "2026-08-20", year)).toEqual({ from: "2026-09-02", to: "2026-09-29" });
  expect(dashboardRange({}, "2027-07-15", year)).toEqual({ from: "2027-05-29", to: "2027-06-25" });
});

it("keeps the dates given, and fills in the other with four weeks", () => {
  expect(dashboardRange({ from: "2026-10-01", to: "2026-10-02" }, "2026-12-03", year)).toEqual({ from: "2026-10-01", to: "2026-10-02" });
  expect(dashboardRange({ to: "2026-10-31" }, "2026-12-03", year)).toEqual({ from: "2026-10-04", to: "2026-10-31" });
  expect(dashboardRange({ from: "2027-06-10" }, "2026-12-03", year)).toEqual({ from: "2027-06-10", to: "2027-06-25" });
  expect(dashboardRange({ from: "2026-10-01" }, "2026-12-03", { start: null, end: null })).toEqual({ from: "2026-10-01", to: "2026-10-28" });
});
