import { schoolInstant } from "@/lib/core/time";
import { TEST_TIMEZONE } from "./timetable-factories";

/**
 * The school's clock in API tests: fakes Date only (timers stay real, so the database drivers are
 * untouched), so every request runs at a chosen school-local time. Pair with `afterEach(() => jest.useRealTimers())`.
 */
const REAL = [
  "hrtime", "nextTick", "performance", "queueMicrotask", "requestAnimationFrame", "cancelAnimationFrame",
  "requestIdleCallback", "cancelIdleCallback", "setImmediate", "clearImmediate", "setInterval",
  "clearInterval", "setTimeout", "clearTimeout",
] as const;

/** Moves the clock to a school-local date and time (plus seconds); answers the instant. */
export function setSchoolClock(date: string, time: string, plusSeconds = 0): Date {
  const instant = new Date(schoolInstant(date, time, TEST_TIMEZONE).getTime() + plusSeconds * 1000);
  jest.useFakeTimers({ doNotFake: [...REAL], now: instant });
  return instant;
}

/** Moves the clock to an instant (Date only, as setSchoolClock). */
export function setClock(instant: Date): Date {
  jest.useFakeTimers({ doNotFake: [...REAL], now: instant });
  return instant;
}
