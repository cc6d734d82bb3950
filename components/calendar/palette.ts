import { avatarColors } from "@/tailwind.config";

/** The hex of a palette colour name (topic and avatar colours); blue-grey for unknown names. */
export function paletteHex(name: string | null | undefined): string {
  return avatarColors[(name ?? "") as keyof typeof avatarColors] ?? avatarColors["blue-grey"];
}

/** A palette colour as a light tint (hex with alpha) for tile backgrounds. */
export function paletteTint(name: string | null | undefined, alpha = "14"): string {
  return `${paletteHex(name)}${alpha}`;
}
