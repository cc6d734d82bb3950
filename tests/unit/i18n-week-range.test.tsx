import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { useDateWords } from "@/components/i18n/use-date-words";
import type { AppLocale } from "@/lib/i18n/locales";
import { IntlWrapper } from "../helpers/intl-wrapper";

const wordsIn = (locale: AppLocale) =>
  renderHook(() => useDateWords(), {
    wrapper: ({ children }: { children: ReactNode }) => <IntlWrapper locale={locale}>{children}</IntlWrapper>,
  }).result.current;

describe("the week's label and the API's clock times in the page's language", () => {
  test("English keeps the API's range and times", () => {
    const words = wordsIn("en");
    expect(words.weekRange("2026-03-18", "Mar 15 - 21, 2026")).toBe("Mar 15 - 21, 2026");
    expect(words.clock("1:26 PM", "1:26 PM")).toBe("1:26 PM");
  });

  // Intl puts thin spaces (U+2009) around the dash of a range across months.
  test("French (Canada): Sunday to Saturday of the date's week, across months and years", () => {
    const words = wordsIn("fr-CA");
    expect(words.weekRange("2026-03-18", "Mar 15 - 21, 2026")).toBe("15–21 mars 2026");
    expect(words.weekRange("2026-04-01", "Mar 29 - Apr 4, 2026")).toBe("29 mars\u2009–\u20094 avr. 2026");
    expect(words.weekRange("2026-12-30", "Dec 27, 2026 - Jan 2, 2027")).toBe("27 déc. 2026\u2009–\u20092 janv. 2027");
    expect(words.clock("1:26 PM", "1:26 PM")).toBe("13 h 26");
    expect(words.clock("12:05 AM", "12:05 AM")).toBe("0 h 05");
    expect(words.clock("12:30 PM", "12:30 PM")).toBe("12 h 30");
  });

  test("Spanish", () => {
    const words = wordsIn("es");
    expect(words.weekRange("2026-03-15", "Mar 15 - 21, 2026")).toBe("15–21 mar 2026");
    expect(words.weekRange("2026-03-29", "Mar 29 - Apr 4, 2026")).toBe("29 mar\u2009–\u20094 abr 2026");
    expect(words.clock("9:05 AM", "9:05 AM")).toBe("9:05");
  });

  test("the pseudo-locale brackets the English", () => {
    expect(wordsIn("en-XA").weekRange("2026-03-18", "Mar 15 - 21, 2026")).toBe("[Mar 15 - 21, 2026]");
  });
});
