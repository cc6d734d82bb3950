import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { useDateWords } from "@/components/i18n/use-date-words";
import type { AppLocale } from "@/lib/i18n/locales";
import { IntlWrapper } from "../helpers/intl-wrapper";

const wordsIn = (locale: AppLocale) =>
  renderHook(() => useDateWords(), {
    wrapper: ({ children }: { children: ReactNode }) => <IntlWrapper locale={locale}>{children}</IntlWrapper>,
  }).result.current;

const LONG_DAY = { weekday: "long", day: "numeric", month: "long" } as const;

describe("dates and times in the page's language", () => {
  test("English keeps the spec's words", () => {
    const words = wordsIn("en");
    expect(words.date("2026-12-01", LONG_DAY, "Tue Dec 1")).toBe("Tue Dec 1");
    expect(words.clock("13:23", "1:23 PM")).toBe("1:23 PM");
  });

  test("French (Canada) as a Quebec school writes them", () => {
    const words = wordsIn("fr-CA");
    expect(words.date("2026-12-01", LONG_DAY, "Tue Dec 1")).toBe("mardi 1 décembre");
    expect(words.clock("13:23", "1:23 PM")).toBe("13 h 23");
    expect(words.instant("2026-06-01T20:23:00Z", { hour: "numeric", minute: "2-digit" }, "1:23 PM")).toBe("13 h 23");
  });

  test("Spanish", () => {
    const words = wordsIn("es");
    expect(words.date("2026-12-01", LONG_DAY, "Tue Dec 1")).toBe("martes, 1 de diciembre");
    expect(words.clock("09:05", "9:05 AM")).toBe("9:05");
  });

  test("the pseudo-locale brackets the English", () => {
    expect(wordsIn("en-XA").date("2026-12-01", LONG_DAY, "Tue Dec 1")).toBe("[Tue Dec 1]");
  });
});
