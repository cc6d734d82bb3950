import type { Config } from "tailwindcss";

/** The 18 avatar and topic colours (red … blue-grey) plus black for sysadmins, as Tailwind tokens. */
export const avatarColors = {
  red: "#d32f2f",
  pink: "#c2185b",
  purple: "#7b1fa2",
  "deep-purple": "#512da8",
  indigo: "#303f9f",
  blue: "#1565c0",
  "light-blue": "#0277bd",
  cyan: "#00838f",
  teal: "#00796b",
  green: "#2e7d32",
  "light-green": "#4e7d2a",
  lime: "#827717",
  yellow: "#8d6e00",
  amber: "#a15c00",
  orange: "#b34700",
  "deep-orange": "#bf360c",
  brown: "#5d4037",
  "blue-grey": "#455a64",
  black: "#111111",
} as const;

const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}", "./lib/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: { avatar: avatarColors },
    },
  },
};

export default config;
