/**
 * Finding and ordering names as people read them, in the browser and on the server alike:
 * accents and case aside, so "elodie" finds "Élodie" and "Bérubé" sorts before "Bouchard". The
 * database does the same with unaccent (db/schema/columns.ts folded); these are for lists searched
 * and sorted in JavaScript (every table's search box, pickers).
 */

/** The school's language: the pages' `lang` (app/layout.tsx) and the collation of every sorted list. */
export const SCHOOL_LANGUAGE = "en";

/** Letters unaccent spells out that Unicode does not decompose into a letter and an accent. */
const SPELLED: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  ı: "i",
  þ: "th",
  ħ: "h",
};
const SPELLED_LETTERS = new RegExp(`[${Object.keys(SPELLED).join("")}]`, "g");

/**
 * A text as search compares it: lower case, accents (combining marks after canonical decomposition)
 * removed, and the few letters above spelled out as unaccent does. Other scripts pass through: their
 * marks are removed on both sides alike, so a text still finds itself.
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .replace(SPELLED_LETTERS, (letter) => SPELLED[letter]!)
    .normalize("NFC");
}

/** Whether `text` contains every word of `query`, accents and case aside (an empty query matches). */
export function matchesWords(text: string, query: string): boolean {
  const haystack = foldForSearch(text);
  return foldForSearch(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

/** Whether `text` contains `query` as typed (trimmed), accents and case aside. */
export const containsFolded = (text: string, query: string) => foldForSearch(text).includes(foldForSearch(query.trim()));

/**
 * The collator of every list sorted in JavaScript: the school's language, accents after letters
 * ("Bérubé" before "Bouchard"), case aside, numbers by value ("Room 9" before "Room 10").
 */
export const schoolCollator = new Intl.Collator(SCHOOL_LANGUAGE, { numeric: true, caseFirst: "false" });

/** People by last name, then first name, as the school reads them. */
export const compareNames = (
  a: { last_name: string; first_name: string },
  b: { last_name: string; first_name: string },
) => schoolCollator.compare(a.last_name, b.last_name) || schoolCollator.compare(a.first_name, b.first_name);
