import { randomInt } from "node:crypto";

/** The 18 avatar and topic colour names, red to blue-grey. "black" is kept for sysadmins. */
export const PALETTE = [
  "red",
  "pink",
  "purple",
  "deep-purple",
  "indigo",
  "blue",
  "light-blue",
  "cyan",
  "teal",
  "green",
  "light-green",
  "lime",
  "yellow",
  "amber",
  "orange",
  "deep-orange",
  "brown",
  "blue-grey",
] as const;

export type ColorName = (typeof PALETTE)[number] | "black";

export function randomColor(): ColorName {
  return PALETTE[randomInt(PALETTE.length)]!;
}
