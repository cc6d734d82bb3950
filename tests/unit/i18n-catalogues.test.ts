import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { CATALOGUES, NAMESPACES, messagesFor } from "@/lib/i18n/catalogues";
import { LOCALES } from "@/lib/i18n/locales";
import type { Catalogue } from "@/lib/i18n/pseudo";

/** Every message of a catalogue by its dotted key. */
function flatten(catalogue: Catalogue, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/** A message's ICU arguments and tags, with their kinds: "name:argument", "count:plural", "b:tag". */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.argument) into.add(`${element.value}:argument`);
    else if (element.type === TYPE.number || element.type === TYPE.date || element.type === TYPE.time) into.add(`${element.value}:${TYPE[element.type]}`);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      into.add(`${element.value}:${element.type === TYPE.plural ? "plural" : "select"}`);
      for (const option of Object.values(element.options)) argumentsOf(option.value, into);
    } else if (element.type === TYPE.tag) {
      into.add(`${element.value}:tag`);
      argumentsOf(element.children, into);
    }
  }
  return into;
}

const english = flatten(CATALOGUES.en);

describe("the message catalogues", () => {
  test("every namespace holds English, and only the shipped languages", () => {
    for (const [name, languages] of Object.entries(NAMESPACES)) {
      expect([name, Object.keys(languages).filter((key) => !(LOCALES as readonly string[]).includes(key))]).toEqual([name, []]);
      expect([name, typeof languages.en]).toEqual([name, "object"]);
    }
  });

  test("every message is well-formed ICU", () => {
    for (const locale of LOCALES) {
      for (const [key, message] of flatten(CATALOGUES[locale])) {
        expect(() => parse(message)).not.toThrow();
        expect([locale, key, message.trim().length > 0]).toEqual([locale, key, true]);
      }
    }
  });

  test.each(LOCALES.filter((locale) => locale !== "en"))("%s has no key English lacks, and each uses English's arguments", (locale) => {
    for (const [key, message] of flatten(CATALOGUES[locale])) {
      expect([key, english.has(key)]).toEqual([key, true]);
      const expected = [...argumentsOf(parse(english.get(key)!))].sort();
      expect([key, [...argumentsOf(parse(message))].sort()]).toEqual([key, expected]);
    }
  });

  test("French covers every key; a key Spanish lacks shows its English text", () => {
    const french = flatten(CATALOGUES["fr-CA"]);
    expect([...english.keys()].filter((key) => !french.has(key))).toEqual([]);
    const spanish = flatten(messagesFor("es") as unknown as Catalogue);
    for (const key of english.keys()) expect(spanish.has(key)).toBe(true);
  });

  test("the pseudo-locale brackets every message and keeps its arguments", () => {
    const pseudo = flatten(messagesFor("en-XA") as unknown as Catalogue);
    expect(pseudo.size).toBe(english.size);
    for (const [key, message] of pseudo) {
      expect(message.startsWith("[") && message.endsWith("]")).toBe(true);
      expect([...argumentsOf(parse(message))].sort()).toEqual([...argumentsOf(parse(english.get(key)!))].sort());
    }
  });
});

describe("the API's messages in other languages", () => {
  const { API_MESSAGE_TRANSLATIONS } = jest.requireActual<typeof import("@/lib/i18n/api-messages")>("@/lib/i18n/api-messages");

  test("French and Spanish translate the same English messages", () => {
    expect(Object.keys(API_MESSAGE_TRANSLATIONS.es).sort()).toEqual(Object.keys(API_MESSAGE_TRANSLATIONS["fr-CA"]).sort());
  });

  test("every English message translated is one the code still writes", () => {
    const fs = jest.requireActual<typeof import("node:fs")>("node:fs");
    const path = jest.requireActual<typeof import("node:path")>("node:path");
    const sources: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name)) sources.push(fs.readFileSync(file, "utf8"));
      }
    };
    walk("lib");
    const code = sources.join("\n");
    expect(Object.keys(API_MESSAGE_TRANSLATIONS["fr-CA"]).filter((english) => !code.includes(JSON.stringify(english).slice(1, -1)))).toEqual([]);
  });
});
