/**
 * The pseudo-locale's messages (en-XA): each English message with its letters accented, lengthened by
 * about 40 % and put in brackets, its ICU arguments, plurals and tags kept as they are. A text on screen
 * outside brackets, other than what the school or a person typed, comes from no catalogue.
 */
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { printAST } from "@formatjs/icu-messageformat-parser/printer.js";

const ACCENTED: Record<string, string> = {
  a: "á", b: "ƀ", c: "ç", d: "ð", e: "é", f: "ƒ", g: "ĝ", h: "ĥ", i: "î", j: "ĵ", k: "ķ", l: "ļ", m: "ɱ",
  n: "ñ", o: "ö", p: "þ", q: "ǫ", r: "ŕ", s: "š", t: "ţ", u: "û", v: "ṽ", w: "ŵ", x: "ẋ", y: "ý", z: "ž",
  A: "Á", B: "Ɓ", C: "Ç", D: "Ð", E: "É", F: "Ƒ", G: "Ĝ", H: "Ĥ", I: "Î", J: "Ĵ", K: "Ķ", L: "Ļ", M: "Ṁ",
  N: "Ñ", O: "Ö", P: "Þ", Q: "Ǫ", R: "Ŕ", S: "Š", T: "Ţ", U: "Û", V: "Ṽ", W: "Ŵ", X: "Ẋ", Y: "Ý", Z: "Ž",
};

/** How much longer a pseudo message is than its English: French and Spanish run 15–40 % longer. */
const LENGTHEN = 0.4;
const FILLER = "·";

function accent(text: string): string {
  return text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter] ?? letter);
}

function lettersIn(elements: MessageFormatElement[]): number {
  let count = 0;
  for (const element of elements) {
    if (element.type === TYPE.literal) count += element.value.replace(/\s/g, "").length;
    else if (element.type === TYPE.tag) count += lettersIn(element.children);
    else if (element.type === TYPE.plural || element.type === TYPE.select) {
      count += Math.max(0, ...Object.values(element.options).map((option) => lettersIn(option.value)));
    }
  }
  return count;
}

function accentElements(elements: MessageFormatElement[]): MessageFormatElement[] {
  return elements.map((element) => {
    switch (element.type) {
      case TYPE.literal:
        return { ...element, value: accent(element.value) };
      case TYPE.tag:
        return { ...element, children: accentElements(element.children) };
      case TYPE.plural:
      case TYPE.select:
        return {
          ...element,
          options: Object.fromEntries(
            Object.entries(element.options).map(([key, option]) => [key, { ...option, value: accentElements(option.value) }]),
          ),
        };
      default:
        return element;
    }
  });
}

/** One English ICU message in the pseudo-locale: "[Šîĝñ Îñ ····]". */
export function pseudoMessage(message: string): string {
  const ast = parse(message);
  const padding = FILLER.repeat(Math.ceil(lettersIn(ast) * LENGTHEN));
  return `[${printAST(accentElements(ast))}${padding ? ` ${padding}` : ""}]`;
}

export type Catalogue = { [key: string]: string | Catalogue };

/** A whole catalogue in the pseudo-locale, key for key. */
export function pseudoCatalogue(catalogue: Catalogue): Catalogue {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, value]) => [key, typeof value === "string" ? pseudoMessage(value) : pseudoCatalogue(value)]),
  );
}
