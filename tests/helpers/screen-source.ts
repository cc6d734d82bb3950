import fs from "node:fs";
import path from "node:path";
import { CATALOGUES } from "@/lib/i18n/catalogues";
import type { Catalogue } from "@/lib/i18n/pseudo";

const root = path.join(__dirname, "..", "..");

function messagesIn(catalogue: Catalogue | string | undefined): string[] {
  if (catalogue === undefined) return [];
  if (typeof catalogue === "string") return [catalogue];
  return Object.values(catalogue).flatMap((value) => messagesIn(value));
}

/**
 * The words a screen file puts on the screen: its code, and the English messages of each catalogue part it reads
 * (`useTranslations("calendar.tile")` reads the "calendar" namespace's `tile` messages).
 */
export function screenSource(file: string): string {
  const code = fs.readFileSync(path.join(root, file), "utf8");
  const parts = [...code.matchAll(/(?:useTranslations|getTranslations)\(\s*["']([\w.]+)["']/g)].map((match) => match[1]!);
  const messages = parts.flatMap((part) =>
    messagesIn(part.split(".").reduce<Catalogue | string | undefined>((at, key) => (typeof at === "object" ? at[key] : undefined), CATALOGUES.en)),
  );
  return [code, ...messages].join("\n");
}
