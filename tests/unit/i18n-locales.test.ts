import { localeFromAcceptLanguage, localeFromRecorded, pickLocale } from "@/lib/i18n/negotiate";
import { pseudoMessage } from "@/lib/i18n/pseudo";

describe("the language a roster or a CSV recorded", () => {
  test.each([
    ["es", "es"],
    ["es-MX", "es"],
    ["es_MX", "es"],
    ["spa", "es"],
    ["Spanish", "es"],
    [" Español ", "es"],
    ["SPANISH (Mexico)", "es"],
    ["fr-CA", "fr-CA"],
    ["fr", "fr-CA"],
    ["fre", "fr-CA"],
    ["French", "fr-CA"],
    ["Français", "fr-CA"],
    ["en-US", "en"],
    ["English", "en"],
    ["Tagalog", null],
    ["de", null],
    ["", null],
    [null, null],
    ["<script>", null],
  ])("%j → %s", (value, expected) => {
    expect(localeFromRecorded(value)).toBe(expected);
  });
});

describe("which language a person gets", () => {
  test.each([
    ["fr-FR,fr;q=0.9,en;q=0.5", "fr-CA"],
    ["fr-CA", "fr-CA"],
    ["fr", "fr-CA"],
    ["es-MX,es;q=0.9", "es"],
    ["en-GB", "en"],
    ["de, es;q=0.5", "es"],
    ["de-DE,de;q=0.9", null],
    ["*", null],
    ["x-bad, !!,,;q=", null],
    ["", null],
  ])("Accept-Language %j → %s", (header, expected) => {
    expect(localeFromAcceptLanguage(header)).toBe(expected);
  });

  test("reads only the start of a very long header", () => {
    expect(localeFromAcceptLanguage(`${"de;q=0.1,".repeat(10_000)}fr`)).toBe(null);
  });

  test("their choice first, then the browser's, then the school's, then English", () => {
    expect(pickLocale({ chosen: "es", acceptLanguage: "fr", schoolDefault: "fr-CA" })).toBe("es");
    expect(pickLocale({ chosen: null, acceptLanguage: "fr", schoolDefault: "es" })).toBe("fr-CA");
    expect(pickLocale({ acceptLanguage: "de", schoolDefault: "fr-CA" })).toBe("fr-CA");
    expect(pickLocale({ acceptLanguage: "de", schoolDefault: "klingon" })).toBe("en");
    expect(pickLocale({ chosen: "xx-YY", acceptLanguage: "es" })).toBe("es");
  });

  test("the pseudo-locale only where it is offered", () => {
    expect(pickLocale({ chosen: "en-XA", acceptLanguage: "es" })).toBe("es");
    expect(pickLocale({ chosen: "en-XA", pseudoOffered: true })).toBe("en-XA");
  });
});

describe("the pseudo-locale", () => {
  test("accents, lengthens and brackets the text, and keeps arguments, plurals and tags", () => {
    expect(pseudoMessage("Sign In")).toBe("[Šîĝñ Îñ ···]");
    expect(pseudoMessage("Hello {name}")).toMatch(/^\[Ĥéļļö \{name\} ·+\]$/);
    const plural = pseudoMessage("{count, plural, one {# student} other {# students}}");
    expect(plural).toContain("one{# šţûðéñţ}");
    expect(plural).toContain("other{# šţûðéñţš}");
    expect(pseudoMessage("Read <b>this</b>")).toContain("<b>ţĥîš</b>");
  });
});
