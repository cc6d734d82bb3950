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

/** Web Crypto (global in Node and browsers), so screens may import the palette too. */
export function randomColor(): ColorName {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return PALETTE[value! % PALETTE.length]!;
}
